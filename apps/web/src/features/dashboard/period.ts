import { addDays, indiaDate } from '@shop/shared/india-time';

export const PRESETS = [
  { key: 'today', label: 'Today', days: 1 },
  { key: '7', label: '7 days', days: 7 },
  { key: '30', label: '30 days', days: 30 },
  { key: '90', label: '90 days', days: 90 },
] as const;
export type PresetKey = (typeof PRESETS)[number]['key'];

/** Today in India, as the API counts days. */
export const indiaToday = (now = Date.now()) => indiaDate(now);

export interface Period {
  key: PresetKey | 'custom';
  from: string;
  to: string;
}

/** The period a URL asks for (?period=7, or ?from&to); 30 days when it names none. */
export function readPeriod(params: URLSearchParams, today = indiaToday()): Period {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to) return { key: 'custom', from, to };
  const preset = PRESETS.find((p) => p.key === params.get('period')) ?? PRESETS[2];
  return { key: preset.key, from: addDays(today, 1 - preset.days), to: today };
}

/** The change from the previous period as a fraction; null when there was nothing to compare with. */
export function change(now: number, before: number): number | null {
  if (before === 0) return now === 0 ? 0 : null;
  return (now - before) / before;
}
