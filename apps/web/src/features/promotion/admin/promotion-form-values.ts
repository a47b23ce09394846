import { indiaDate } from '@shop/shared/india-time';
import type { Promotion, PromotionKind, PromotionSpread } from '@shop/shared/promotions';
import { PROMOTION_DEFAULTS, promotionBodySchema, type PromotionBody } from '@shop/shared/promotions-schemas';

/** The form as typed: numbers as text (empty is "no limit"), dates and times in India's time. */
export interface PromotionFormInput {
  name: string;
  kind: PromotionKind;
  value: string;
  appliesTo: PromotionSpread;
  buyQuantity: string;
  getQuantity: string;
  getPercent: string;
  maxApplications: string;
  /** Automatic: a sale shown on the shop; code: the shopper types it at checkout. */
  applies: 'automatic' | 'code';
  code: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  minOrderRupees: string;
  usageLimit: string;
  budgetRupees: string;
  perCustomerLimit: string;
  newCustomersOnly: boolean;
  priority: string;
  exclusive: boolean;
  scope: 'all' | 'some';
  categories: string[];
  brands: string[];
  productIds: string;
  enabled: boolean;
}

export type PromotionFormField = keyof PromotionFormInput;
export type PromotionFormErrors = Partial<Record<PromotionFormField, string>>;

/** Not a body field's rule, so not in the shared schema: a target of nothing would be everything. */
export const CHOOSE_TARGET = 'Choose a category, a brand or a product, or let it cover everything';
export const PRODUCT_IDS_MESSAGE = 'Product ids are whole numbers, separated by commas';

export const IST_OFFSET = '+05:30';
const IST_MS = 330 * 60_000;

/** An instant as India's date and time: `['2026-10-20', '00:00']`. */
export function istParts(iso: string): [string, string] {
  const shifted = new Date(Date.parse(iso) + IST_MS).toISOString();
  return [shifted.slice(0, 10), shifted.slice(11, 16)];
}

/** India's date and time as an ISO 8601 moment with its offset: `2026-10-20T00:00:00+05:30`. */
export const istIso = (date: string, time: string) => `${date}T${time || '00:00'}:00${IST_OFFSET}`;

const text = (n: number | null) => (n === null ? '' : String(n));

export function toFormValues(p?: Promotion, today: string = indiaDate()): PromotionFormInput {
  const d = PROMOTION_DEFAULTS;
  const [startDate, startTime] = p ? istParts(p.startsAt) : [today, '00:00'];
  const [endDate, endTime] = p?.endsAt ? istParts(p.endsAt) : ['', ''];
  const target = p?.target ?? null;
  const some = target !== null && (target.categories.length > 0 || target.brands.length > 0 || target.productIds.length > 0);
  return {
    name: p?.name ?? '',
    kind: p?.kind ?? 'percent',
    value: p && (p.kind === 'percent' || p.kind === 'fixed' || p.kind === 'prepaid') ? String(p.value) : '',
    appliesTo: p?.appliesTo ?? d.appliesTo,
    buyQuantity: text(p?.buyQuantity ?? null),
    getQuantity: text(p?.getQuantity ?? null),
    getPercent: text(p?.getPercent ?? 100),
    maxApplications: text(p?.maxApplications ?? d.maxApplications),
    applies: p?.code ? 'code' : 'automatic',
    code: p?.code ?? '',
    startDate,
    startTime,
    endDate,
    endTime,
    minOrderRupees: p && p.minOrderRupees > 0 ? String(p.minOrderRupees) : '',
    usageLimit: text(p?.usageLimit ?? d.usageLimit),
    budgetRupees: text(p?.budgetRupees ?? d.budgetRupees),
    perCustomerLimit: text(p?.perCustomerLimit ?? d.perCustomerLimit),
    newCustomersOnly: p?.newCustomersOnly ?? d.newCustomersOnly,
    priority: String(p?.priority ?? d.priority),
    exclusive: p?.exclusive ?? d.exclusive,
    scope: some ? 'some' : 'all',
    categories: target?.categories ?? [],
    brands: target?.brands ?? [],
    productIds: target?.productIds.join(', ') ?? '',
    enabled: p?.enabled ?? d.enabled,
  };
}

/** Empty is null (no limit); anything else a number, NaN when it is not one (the schema says so). */
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));
const numberOr = (v: string, fallback: number) => (v.trim() === '' ? fallback : Number(v));

/** What the form sends, before the schema checks it: fields the kind does not use take their defaults. */
export function toBodyCandidate(v: PromotionFormInput): Record<keyof PromotionBody, unknown> {
  const bxgy = v.kind === 'buy_x_get_y';
  const hasValue = v.kind === 'percent' || v.kind === 'fixed' || v.kind === 'prepaid';
  return {
    name: v.name,
    kind: v.kind,
    value: hasValue ? numberOr(v.value, Number.NaN) : 0,
    appliesTo: v.kind === 'fixed' ? v.appliesTo : PROMOTION_DEFAULTS.appliesTo,
    code: v.applies === 'code' ? v.code : null,
    startsAt: istIso(v.startDate, v.startTime),
    endsAt: v.endDate.trim() === '' ? null : istIso(v.endDate, v.endTime || '23:59'),
    minOrderRupees: numberOr(v.minOrderRupees, 0),
    usageLimit: numberOrNull(v.usageLimit),
    budgetRupees: numberOrNull(v.budgetRupees),
    perCustomerLimit: numberOrNull(v.perCustomerLimit),
    newCustomersOnly: v.newCustomersOnly,
    priority: numberOr(v.priority, 0),
    exclusive: v.exclusive,
    target:
      v.scope === 'all'
        ? null
        : { categories: v.categories, brands: v.brands, productIds: productIdList(v.productIds) },
    buyQuantity: bxgy ? numberOrNull(v.buyQuantity) : null,
    getQuantity: bxgy ? numberOrNull(v.getQuantity) : null,
    getPercent: bxgy ? numberOrNull(v.getPercent) : null,
    maxApplications: bxgy ? numberOrNull(v.maxApplications) : null,
    enabled: v.enabled,
  };
}

const productIdList = (t: string) =>
  t
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((id) => (/^\d+$/.test(id) ? Number(id) : Number.NaN));

/** A schema issue's field on the form (the dates' issues show under their date). */
function fieldOf(path: readonly PropertyKey[]): PromotionFormField | undefined {
  const [head, sub] = path;
  if (head === 'startsAt') return 'startDate';
  if (head === 'endsAt') return 'endDate';
  if (head === 'target') return sub === 'categories' ? 'categories' : sub === 'brands' ? 'brands' : 'productIds';
  return typeof head === 'string' ? (head as PromotionFormField) : undefined;
}

export type PromotionFormResult = { body: PromotionBody } | { errors: PromotionFormErrors };

/** The body checked by the API's own schema (docs/style.md, One schema, one message), or each field's first problem. */
export function checkPromotionForm(v: PromotionFormInput): PromotionFormResult {
  const errors: PromotionFormErrors = {};
  const add = (field: PromotionFormField | undefined, message: string) => {
    if (field && errors[field] === undefined) errors[field] = message;
  };
  if (!v.startDate) add('startDate', 'Choose the day it starts');
  const candidate = toBodyCandidate(v);
  const target = candidate.target as { categories: string[]; brands: string[]; productIds: number[] } | null;
  if (target?.productIds.some(Number.isNaN)) add('productIds', PRODUCT_IDS_MESSAGE);
  else if (target && target.categories.length + target.brands.length + target.productIds.length === 0)
    add('categories', CHOOSE_TARGET);
  const parsed = promotionBodySchema.safeParse(candidate);
  if (!parsed.success) for (const issue of parsed.error.issues) add(fieldOf(issue.path), issue.message);
  return Object.keys(errors).length > 0 || !parsed.success ? { errors } : { body: parsed.data };
}

/** The fields an edit changed, for `PATCH`: the rest stay as saved. */
export function changedFields(before: PromotionBody, after: PromotionBody): Partial<PromotionBody> {
  const out: Record<string, unknown> = {};
  // The server may write a moment in UTC, or with seconds the form does not show: the same minute is no change.
  const minute = (iso: string) => Math.floor(Date.parse(iso) / 60_000);
  const same = (key: keyof PromotionBody) =>
    (key === 'startsAt' || key === 'endsAt') && typeof after[key] === 'string' && typeof before[key] === 'string'
      ? minute(after[key]) === minute(before[key])
      : JSON.stringify(after[key]) === JSON.stringify(before[key]);
  for (const key of Object.keys(after) as (keyof PromotionBody)[]) {
    if (!same(key)) out[key] = after[key];
  }
  return out as Partial<PromotionBody>;
}

/** A saved promotion as the body that would make it, to compare an edit against. */
export function bodyOf(p: Promotion): PromotionBody {
  return {
    name: p.name,
    kind: p.kind,
    value: p.value,
    appliesTo: p.appliesTo,
    code: p.code,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    minOrderRupees: p.minOrderRupees,
    usageLimit: p.usageLimit,
    budgetRupees: p.budgetRupees,
    perCustomerLimit: p.perCustomerLimit,
    newCustomersOnly: p.newCustomersOnly,
    priority: p.priority,
    exclusive: p.exclusive,
    target: p.target,
    buyQuantity: p.buyQuantity,
    getQuantity: p.getQuantity,
    getPercent: p.getPercent,
    maxApplications: p.maxApplications,
    enabled: p.enabled,
  };
}
