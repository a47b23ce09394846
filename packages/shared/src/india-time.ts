// India keeps UTC+5:30 all year (no daylight saving), so a fixed offset is exact.
const OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);

export const indiaDate = (at: Date | number = Date.now()): string =>
  new Date(+at + OFFSET_MS).toISOString().slice(0, 10);

export const indiaDayStart = (date: string): Date => new Date(utcMidnight(date) - OFFSET_MS);

export const indiaDayEnd = (date: string): Date => indiaDayStart(addDays(date, 1));

export const addDays = (date: string, n: number): string =>
  new Date(utcMidnight(date) + n * DAY_MS).toISOString().slice(0, 10);

/** Days from `from` to `to`, both included. */
export const countDays = (from: string, to: string): number =>
  Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS) + 1;

export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const t = utcMidnight(text);
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === text;
}

export function indiaMonthBounds(month: string): [Date, Date] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [indiaDayStart(`${month}-01`), indiaDayStart(`${next}-01`)];
}

const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** `23 Nov 2026` */
export const formatIndiaDate = (at: Date | string): string => DAY_MONTH_YEAR.format(new Date(at));

const TIME = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});

/** `23 Nov 2026, 6:30 pm` in India's time. */
export const formatIndiaDateTime = (at: Date | string): string =>
  `${formatIndiaDate(at)}, ${TIME.format(new Date(at)).toLowerCase()}`;
