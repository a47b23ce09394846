import { splitPaise, type PromotionKind, type PromotionSpread, type PromotionTarget } from '@shop/shared';

// docs/product.md, Promotions (decision 044): one pure function decides what every promotion takes off
// which line. Nothing here depends on the order lines were added in: units are ranked by price, then by
// their line's key.

export interface EngineLine {
  productId: number;
  category: string;
  brand: string;
  /** What one piece sells at before promotions (the product's own discount applied). */
  unitPaise: number;
  quantity: number;
  /** Breaks ties between equal prices: the product, colour and size, never the cart's order. */
  key: string;
}

export interface EnginePromotion {
  id: number;
  name: string;
  kind: PromotionKind;
  valueHundredths: number;
  appliesTo: PromotionSpread;
  code: string | null;
  minOrderPaise: number;
  priority: number;
  exclusive: boolean;
  target: PromotionTarget | null;
  buyQuantity: number | null;
  getQuantity: number | null;
  getPercent: number | null;
  maxApplications: number | null;
}

export type SkipReason = 'minimum' | 'nothing' | 'not_combinable' | 'pay_online';

export interface AppliedPromotion<P extends EnginePromotion = EnginePromotion> {
  promotion: P;
  /** The goods' discount it gave; 0 for free shipping, whose amount is the charge it waives. */
  amountPaise: number;
  perLine: number[];
}

export interface EngineResult<P extends EnginePromotion = EnginePromotion> {
  subtotalPaise: number;
  /** What each line pays less, all promotions together; never more than the line's value. */
  lineDiscounts: number[];
  discountPaise: number;
  applied: AppliedPromotion<P>[];
  skipped: { promotion: P; reason: SkipReason }[];
  freeShipping: P | null;
}

/** Higher priority first; equal priorities by age, so the result never depends on the list's order. */
export function byPriority(a: EnginePromotion, b: EnginePromotion): number {
  return b.priority - a.priority || a.id - b.id;
}

export function covers(target: PromotionTarget | null, line: Pick<EngineLine, 'productId' | 'category' | 'brand'>): boolean {
  if (!target) return true;
  const { categories, brands, productIds } = target;
  if (categories.length === 0 && brands.length === 0 && productIds.length === 0) return true;
  return categories.includes(line.category) || brands.includes(line.brand) || productIds.includes(line.productId);
}

/**
 * `method`: how the shopper pays, or null while nobody knows (the cart, a product page): promotions for
 * paying online then apply to nothing.
 */
export function applyPromotions<P extends EnginePromotion>(lines: readonly EngineLine[], promotions: readonly P[], method: 'cash' | 'card' | null): EngineResult<P> {
  const remaining = lines.map((l) => l.unitPaise * l.quantity);
  const subtotalPaise = remaining.reduce((s, v) => s + v, 0);
  const result: EngineResult<P> = { subtotalPaise, lineDiscounts: lines.map(() => 0), discountPaise: 0, applied: [], skipped: [], freeShipping: null };
  let exclusiveTaken = false;
  for (const promotion of [...promotions].sort(byPriority)) {
    const skip = (reason: SkipReason) => result.skipped.push({ promotion, reason });
    if (subtotalPaise < promotion.minOrderPaise) {
      skip('minimum');
      continue;
    }
    if (promotion.kind === 'prepaid' && method !== 'card') {
      skip('pay_online');
      continue;
    }
    if (exclusiveTaken || (promotion.exclusive && (result.applied.length > 0 || result.freeShipping))) {
      skip('not_combinable');
      continue;
    }
    const matching = lines.map((l, i) => covers(promotion.target, l) && remaining[i]! > 0);
    if (promotion.kind === 'free_shipping') {
      if (result.freeShipping || !matching.some(Boolean)) skip('nothing');
      else {
        result.freeShipping = promotion;
        exclusiveTaken = promotion.exclusive;
      }
      continue;
    }
    const perLine = discountOf(promotion, lines, remaining, matching);
    const amountPaise = perLine.reduce((s, v) => s + v, 0);
    if (amountPaise <= 0) {
      skip('nothing');
      continue;
    }
    perLine.forEach((d, i) => {
      remaining[i]! -= d;
      result.lineDiscounts[i]! += d;
    });
    result.discountPaise += amountPaise;
    result.applied.push({ promotion, amountPaise, perLine });
    exclusiveTaken = promotion.exclusive;
  }
  return result;
}

function discountOf(p: EnginePromotion, lines: readonly EngineLine[], remaining: readonly number[], matching: readonly boolean[]): number[] {
  const zero = lines.map(() => 0);
  switch (p.kind) {
    case 'percent':
      // Per piece where the line still divides evenly, so a sale price times the quantity is what the cart takes.
      return lines.map((l, i) => {
        if (!matching[i]) return 0;
        const left = remaining[i]!;
        return left % l.quantity === 0 ? l.quantity * Math.round(((left / l.quantity) * p.valueHundredths) / 10_000) : Math.round((left * p.valueHundredths) / 10_000);
      });
    case 'fixed':
    case 'prepaid': {
      if (p.kind === 'fixed' && p.appliesTo === 'each') return lines.map((l, i) => (matching[i] ? Math.min(remaining[i]!, l.quantity * p.valueHundredths) : 0));
      const weights = remaining.map((v, i) => (matching[i] ? v : 0));
      const base = weights.reduce((s, v) => s + v, 0);
      // splitPaise gives a tied paisa to the first weight: share in the lines' key order, not the cart's.
      const order = lines.map((_, i) => i).sort((a, b) => compareKeys(lines[a]!.key, lines[b]!.key));
      const shares = splitPaise(Math.min(p.valueHundredths, base), order.map((i) => weights[i]!));
      const perLine = lines.map(() => 0);
      order.forEach((i, n) => (perLine[i] = shares[n]!));
      return perLine;
    }
    case 'buy_x_get_y':
      return buyXGetY(p, lines, remaining, matching);
    default:
      return zero;
  }
}

/**
 * Repeats per set of buy + get pieces (up to `maxApplications`); the pieces given at `getPercent` off are
 * the cheapest qualifying ones. The discount is one supply's over every piece of the sets, so it is shared
 * over them by value: no piece is invoiced at nothing (docs/product.md, Promotions and GST).
 */
function buyXGetY(p: EnginePromotion, lines: readonly EngineLine[], remaining: readonly number[], matching: readonly boolean[]): number[] {
  const buy = p.buyQuantity ?? 0;
  const get = p.getQuantity ?? 0;
  const percent = p.getPercent ?? 0;
  if (buy <= 0 || get <= 0 || percent <= 0) return lines.map(() => 0);
  const units: { line: number; value: number }[] = [];
  lines.forEach((l, i) => {
    if (!matching[i]) return;
    splitPaise(remaining[i]!, Array.from({ length: l.quantity }, () => 1)).forEach((value) => units.push({ line: i, value }));
  });
  units.sort((a, b) => b.value - a.value || (lines[a.line]!.key < lines[b.line]!.key ? -1 : lines[a.line]!.key > lines[b.line]!.key ? 1 : 0));
  let sets = Math.floor(units.length / (buy + get));
  if (p.maxApplications !== null) sets = Math.min(sets, p.maxApplications);
  if (sets === 0) return lines.map(() => 0);
  // The dearest pieces are bought, the cheapest given: the sets are the first buy × sets and the last get × sets.
  const bought = units.slice(0, buy * sets);
  const given = units.slice(units.length - get * sets);
  const discount = Math.round((given.reduce((s, u) => s + u.value, 0) * percent) / 100);
  const inSets = [...bought, ...given];
  const shares = splitPaise(discount, inSets.map((u) => u.value));
  const perLine = lines.map(() => 0);
  inSets.forEach((u, n) => (perLine[u.line]! += shares[n]!));
  return perLine;
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
