import { formatRupees } from '@shop/shared/money';
import { PROMOTION_KIND_LABELS, type Promotion } from '@shop/shared/promotions';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';

export type PromotionStatus = 'scheduled' | 'live' | 'ended' | 'off';

export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = {
  scheduled: 'Scheduled',
  live: 'Live',
  ended: 'Ended',
  off: 'Off',
};

const STATUS_TONES: Record<PromotionStatus, BadgeTone> = {
  scheduled: 'yellow',
  live: 'green',
  ended: 'neutral',
  off: 'red',
};

/** Off wins over its dates: a switched-off promotion applies nowhere. */
export function promotionStatus(
  p: Pick<Promotion, 'enabled' | 'startsAt' | 'endsAt'>,
  now: number = Date.now(),
): PromotionStatus {
  if (!p.enabled) return 'off';
  if (now < Date.parse(p.startsAt)) return 'scheduled';
  if (p.endsAt !== null && now >= Date.parse(p.endsAt)) return 'ended';
  return 'live';
}

export function PromotionStatusBadge({ status }: { status: PromotionStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{PROMOTION_STATUS_LABELS[status]}</Badge>;
}

// India keeps UTC+5:30 all year; fixed month names read the same in every browser (no "Sept").
const IST_MS = 330 * 60_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** `20 Oct 2026, 12:00 am`, as a clock in India reads it. */
export function formatIst(iso: string): string {
  const d = new Date(Date.parse(iso) + IST_MS);
  const h = d.getUTCHours();
  const minutes = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${h % 12 || 12}:${minutes} ${h < 12 ? 'am' : 'pm'}`;
}

/** An India day `2026-10-20` as `20 Oct 2026`. */
export function formatIstDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1] ?? ''} ${y}`;
}

/** Its start and its end in India's time; without an end, `no end`. */
export const promotionWhenParts = (p: Pick<Promotion, 'startsAt' | 'endsAt'>): [string, string] => [
  formatIst(p.startsAt),
  p.endsAt === null ? 'no end' : formatIst(p.endsAt),
];

/** `20 Oct 2026, 12:00 am – 3 Nov 2026, 11:59 pm`; without an end, `… – no end`. */
export const promotionWhen = (p: Pick<Promotion, 'startsAt' | 'endsAt'>): string => promotionWhenParts(p).join(' – ');

/** What the offer gives, in a few words: `20 % off`, `₹500 off each item`, `Buy 2 get 1 free`. */
export function promotionOffer(p: Promotion): string {
  switch (p.kind) {
    case 'percent':
      return `${p.value} % off`;
    case 'fixed':
      return `${formatRupees(p.value)} off ${p.appliesTo === 'each' ? 'each item' : 'the order'}`;
    case 'prepaid':
      return `${formatRupees(p.value)} off for paying online`;
    case 'free_shipping':
      return 'Free shipping';
    case 'buy_x_get_y':
      return `Buy ${p.buyQuantity ?? '?'} get ${p.getQuantity ?? '?'} ${p.getPercent === 100 ? 'free' : `at ${p.getPercent ?? '?'} % off`}`;
  }
}

export const kindLabel = (p: Pick<Promotion, 'kind'>) => PROMOTION_KIND_LABELS[p.kind];

/** The list's and the detail's link to one promotion (`?id=`), to its form (`&edit=1`), to a new one. */
export const promotionLinks = {
  list: (page = 1) => (page > 1 ? `${paths.adminPromotions}?page=${page}` : paths.adminPromotions),
  detail: (id: number) => `${paths.adminPromotions}?id=${id}`,
  edit: (id: number) => `${paths.adminPromotions}?id=${id}&edit=1`,
  create: `${paths.adminPromotions}?new=1`,
};
