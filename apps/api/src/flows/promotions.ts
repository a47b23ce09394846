import { and, eq, sql } from 'drizzle-orm';
import {
  formatRupees,
  paiseToRupees,
  PROMO_CODE_MESSAGES,
  rupeesToPaise,
  type CartItem,
  type CartOffers,
} from '@shop/shared';
import type { DbOrTx, Tx } from '../db/client.ts';
import { HttpError } from '../lib/errors.ts';
import { listCart } from '../modules/cart/cart.service.ts';
import { orders, type OrderDiscount } from '../modules/orders/orders.table.ts';
import type { PricedLine } from '../modules/orders/orders.service.ts';
import { applyPromotions, covers, type EngineLine, type EngineResult, type SkipReason } from '../modules/promotions/engine.ts';
import {
  automaticPromotions,
  claimBatchCode,
  isLive,
  lockPromotions,
  promotionByCode,
  recordUses,
  shopperHistory,
  spendPromotion,
  type PromotionRow,
} from '../modules/promotions/promotions.service.ts';
import { cartPromoCodes, promotionCodes } from '../modules/promotions/promotions.table.ts';
import type { ReadCache, SaleOf } from '../modules/products/products.queries.ts';

// docs/product.md, Promotions (decision 044): which promotions a cart or an order gets, the code a shopper
// keeps with their cart, and the limits spent under the promotion's lock at checkout.

type Candidate = PromotionRow & { batchCodeId: number | null };
type Priced = EngineResult<Candidate>;

/** The refusal a checkout answers with when the cart's code cannot be used (the shopper may order without it). */
export const codeRefused = (message: string) => new HttpError(409, message, 'promo_code');

/** The two-key advisory lock's first key for a shopper's turn with a promotion: well clear of the seed's lock. */
const PROMOTION_LOCK_SPACE = 1_000_000_000;
const sharesLimits = (p: Candidate) => p.usageLimit !== null || p.budgetPaise !== null || p.batchCodeId !== null;
const hasLimits = (p: PromotionRow) => p.usageLimit !== null || p.budgetPaise !== null || p.perCustomerLimit !== null || p.newCustomersOnly;

async function hasOrdered(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.listed, true), sql`${orders.status} <> 'cancelled'`))
    .limit(1);
  return row !== undefined;
}

/** Why this shopper cannot use it now, with `amountPaise` more of its budget; null when they can. */
async function limitProblem(db: DbOrTx, p: PromotionRow, userId: number, amountPaise: number, batchUsed: boolean): Promise<string | null> {
  if (batchUsed) return PROMO_CODE_MESSAGES.usedUp;
  if (p.usageLimit !== null && p.usedCount >= p.usageLimit) return PROMO_CODE_MESSAGES.usedUp;
  if (p.budgetPaise !== null && p.usedPaise + amountPaise > p.budgetPaise) return PROMO_CODE_MESSAGES.usedUp;
  if (p.perCustomerLimit !== null && (await shopperHistory(db, p.id, userId)) >= p.perCustomerLimit) return PROMO_CODE_MESSAGES.alreadyUsed;
  if (p.newCustomersOnly && (await hasOrdered(db, userId))) return PROMO_CODE_MESSAGES.newCustomers;
  return null;
}

function timeProblem(p: PromotionRow, now: Date): string | null {
  if (!p.enabled) return PROMO_CODE_MESSAGES.unknown;
  if (p.startsAt.getTime() > now.getTime()) return PROMO_CODE_MESSAGES.notStarted;
  if (p.endsAt !== null && p.endsAt.getTime() <= now.getTime()) return PROMO_CODE_MESSAGES.expired;
  return null;
}

function skipMessage(reason: SkipReason, p: PromotionRow): string | null {
  switch (reason) {
    case 'minimum':
      return PROMO_CODE_MESSAGES.minimum(formatRupees(paiseToRupees(p.minOrderPaise)));
    case 'nothing':
      return PROMO_CODE_MESSAGES.nothingToDiscount;
    case 'not_combinable':
      return PROMO_CODE_MESSAGES.notCombinable;
    case 'pay_online':
      return null;
  }
}

/**
 * What the shop offers this shopper now: the live automatic promotions they may use, and their code's.
 * `limits: false` (the checkout) leaves the limits to be checked once, under the locks.
 */
async function candidates(db: DbOrTx, userId: number, code: string | null, now: Date, cache?: ReadCache, limits = true): Promise<{ list: Candidate[]; code: Candidate | null; problem: string | null }> {
  const automatic = cache ? (await salesOf(db, cache, now)).rows : await automaticPromotions(db, now);
  const list: Candidate[] = [];
  for (const p of automatic) {
    if (!isLive(p, now)) continue;
    if (limits && hasLimits(p) && (await limitProblem(db, p, userId, 0, false))) continue;
    list.push({ ...p, batchCodeId: null });
  }
  if (code === null) return { list, code: null, problem: null };
  const found = await promotionByCode(db, code);
  if (!found) return { list, code: null, problem: PROMO_CODE_MESSAGES.unknown };
  const problem = timeProblem(found.row, now) ?? (limits ? await limitProblem(db, found.row, userId, 0, found.batchUsed) : null);
  if (problem) return { list, code: null, problem };
  const mine = { ...found.row, batchCodeId: found.batchCodeId };
  return { list: [...list, mine], code: mine, problem: null };
}

const cartLine = (i: CartItem): EngineLine => ({
  productId: i.product.id,
  category: i.product.category,
  brand: i.product.brand,
  unitPaise: rupeesToPaise(i.product.discountedPrice),
  quantity: i.quantity,
  key: `${i.product.id}:${i.color}:${i.size}`,
});

export const soldLine = (l: PricedLine): EngineLine => ({
  productId: l.product.id,
  category: l.product.category,
  brand: l.product.brand,
  unitPaise: l.product.discountedPricePaise,
  quantity: l.quantity,
  key: `${l.product.id}:${l.color}:${l.size}`,
});

async function keptCode(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db.select({ code: cartPromoCodes.code }).from(cartPromoCodes).where(eq(cartPromoCodes.userId, userId));
  return row?.code ?? null;
}

/** Each promotion priced in, free shipping last at what it waived, with the code it came by. */
function usesOf(priced: Priced, waivedPaise: number, codeOf: (p: Candidate) => string | null): (OrderDiscount & { promotion: Candidate })[] {
  const uses = [...priced.applied.map((a) => ({ promotion: a.promotion, amountPaise: a.amountPaise })), ...(priced.freeShipping ? [{ promotion: priced.freeShipping, amountPaise: waivedPaise }] : [])];
  return uses.map((u) => ({ ...u, promotionId: u.promotion.id, name: u.promotion.name, code: codeOf(u.promotion), kind: u.promotion.kind }));
}

function offersOf(items: CartItem[], code: string | null, problem: string | null, priced: Priced, online: Priced | null, codePromotion: Candidate | null): CartOffers {
  const codeSkip = codePromotion && priced.skipped.find((s) => s.promotion === codePromotion);
  const codeProblem = problem ?? (codeSkip ? skipMessage(codeSkip.reason, codePromotion) : null);
  const codeApplied = codePromotion ? priced.applied.find((a) => a.promotion === codePromotion) : undefined;
  return {
    code,
    codeProblem,
    codeSavingRupees: paiseToRupees(codeApplied?.amountPaise ?? 0),
    subtotalRupees: paiseToRupees(priced.subtotalPaise),
    // Free shipping saves the charge the checkout works out: 0 here.
    discounts: usesOf(priced, 0, (p) => (p === codePromotion ? code : null)).map((u) => ({ promotionId: u.promotionId, name: u.name, code: u.code, kind: u.kind, amountRupees: paiseToRupees(u.amountPaise) })),
    items: items.map((i, n) => ({ id: i.id, discountRupees: paiseToRupees(priced.lineDiscounts[n]!) })),
    discountRupees: paiseToRupees(priced.discountPaise),
    freeShipping: priced.freeShipping !== null,
    payOnlineRupees: online ? paiseToRupees(Math.max(0, online.discountPaise - priced.discountPaise)) : 0,
  };
}

/** `GET /api/cart/offers`: the cart's promotions as the checkout would apply them (its shipping aside). */
export async function cartOffers(db: DbOrTx, userId: number, method: 'cash' | 'card' | null, cache?: ReadCache, now = new Date()): Promise<CartOffers> {
  const items = (await listCart(db, userId)).filter((i) => !i.product.deleted);
  const code = await keptCode(db, userId);
  const offered = await candidates(db, userId, code, now, cache);
  const lines = items.map(cartLine);
  const priced = applyPromotions(lines, offered.list, method);
  const online = method === null && offered.list.some((p) => p.kind === 'prepaid') ? applyPromotions(lines, offered.list, 'card') : null;
  return offersOf(items, code, offered.problem, priced, online, offered.code);
}

/** `POST /api/cart/promo-code`: kept only when it takes something off this cart now (else a 4xx and nothing kept). */
export async function applyCartCode(db: DbOrTx, userId: number, code: string, cache?: ReadCache): Promise<CartOffers> {
  const now = new Date();
  const items = (await listCart(db, userId)).filter((i) => !i.product.deleted);
  const offered = await candidates(db, userId, code, now, cache);
  if (offered.problem) throw new HttpError(offered.problem === PROMO_CODE_MESSAGES.unknown ? 404 : 409, offered.problem);
  const lines = items.map(cartLine);
  const priced = applyPromotions(lines, offered.list, null);
  const skip = priced.skipped.find((s) => s.promotion === offered.code);
  const problem = skip ? skipMessage(skip.reason, offered.code!) : null;
  if (problem) throw new HttpError(skip!.reason === 'minimum' ? 422 : 409, problem);
  await db
    .insert(cartPromoCodes)
    .values({ userId, code })
    .onConflictDoUpdate({ target: cartPromoCodes.userId, set: { code, updatedAt: now } });
  const online = offered.list.some((p) => p.kind === 'prepaid') ? applyPromotions(lines, offered.list, 'card') : null;
  return offersOf(items, code, null, priced, online, offered.code);
}

export async function removeCartCode(db: DbOrTx, userId: number, cache?: ReadCache): Promise<CartOffers> {
  await db.delete(cartPromoCodes).where(eq(cartPromoCodes.userId, userId));
  return cartOffers(db, userId, null, cache);
}

export interface CheckoutPromotions {
  /** The code kept with the cart (applied or not). */
  code: string | null;
  priced: Priced;
  /** The shipping charge a free-shipping promotion waived (0 for none). */
  waivedPaise: number;
}

/**
 * The checkout's promotions. `chargesFor` works out the shipping (and COD charges) on the goods after the
 * discount; a promotion with limits is then checked again under its row's lock, and one refused (used up
 * while the shopper paid) is dropped and the order priced again. The cart's code refused is a 409 unless
 * the shopper chose to order without it.
 */
export async function promotionsForCheckout(
  tx: Tx,
  args: { userId: number; lines: PricedLine[]; method: 'cash' | 'card'; withoutCode: boolean },
  chargesFor: (discountPaise: number) => Promise<number>,
  now = new Date(),
): Promise<CheckoutPromotions> {
  const code = await keptCode(tx, args.userId);
  const offered = await candidates(tx, args.userId, code, now, undefined, false);
  if (offered.problem && !args.withoutCode) throw codeRefused(offered.problem);
  let list = offered.list;
  const lines = args.lines.map(soldLine);
  for (;;) {
    const priced = applyPromotions(lines, list, args.method);
    const codeSkip = offered.code && priced.skipped.find((s) => s.promotion === offered.code);
    const skipProblem = codeSkip ? skipMessage(codeSkip.reason, offered.code!) : null;
    if (skipProblem && !args.withoutCode) throw codeRefused(skipProblem);
    const shippingPaise = await chargesFor(priced.discountPaise);
    const waivedPaise = priced.freeShipping ? shippingPaise : 0;
    const used = usesOf(priced, waivedPaise, () => null).map((u) => ({ p: u.promotion, amount: u.amountPaise }));
    const limited = used.filter((u) => hasLimits(u.p) || u.p.batchCodeId !== null);
    // Limits every shopper shares (uses, budget, a single-use code) lock the promotion's row: the checkouts
    // spending it take turns. A shopper's own limits lock only that shopper's turn with it.
    const shared = limited.filter((u) => sharesLimits(u.p));
    const locked = await lockPromotions(tx, shared.map((u) => u.p.id));
    for (const u of limited.filter((x) => !sharesLimits(x.p)).sort((a, b) => a.p.id - b.p.id)) {
      await tx.execute(sql`select pg_advisory_xact_lock(${PROMOTION_LOCK_SPACE + u.p.id}, ${args.userId})`);
      locked.set(u.p.id, u.p);
    }
    let refused: Candidate | null = null;
    for (const u of limited) {
      const row = locked.get(u.p.id);
      const problem = !row ? PROMO_CODE_MESSAGES.unknown : (timeProblem(row, now) ?? (await limitProblem(tx, row, args.userId, u.amount, u.p.batchCodeId !== null && !(await batchFree(tx, u.p.batchCodeId)))));
      if (problem) {
        if (u.p === offered.code && !args.withoutCode) throw codeRefused(problem);
        refused = u.p;
        break;
      }
    }
    if (!refused) return { code, priced, waivedPaise };
    list = list.filter((p) => p !== refused);
  }
}

async function batchFree(tx: Tx, batchCodeId: number): Promise<boolean> {
  const [row] = await tx.select({ usedAt: promotionCodes.usedAt }).from(promotionCodes).where(eq(promotionCodes.id, batchCodeId)).for('update');
  return row !== undefined && row.usedAt === null;
}

const byCode = (code: string | null) => (p: Candidate) => (p.code !== null || p.batchCodeId !== null ? code : null);

/** What the order stores: each promotion's name, code and amount. */
export function orderDiscounts(result: CheckoutPromotions): OrderDiscount[] {
  return usesOf(result.priced, result.waivedPaise, byCode(result.code)).map(({ promotion: _, ...d }) => d);
}

/** After the order is written, in its transaction: the uses, the limited promotions' counters, the batch code. */
export async function spendPromotions(tx: Tx, result: CheckoutPromotions, order: { id: number; userId: number; totalPaise: number }): Promise<void> {
  const used = usesOf(result.priced, result.waivedPaise, byCode(result.code));
  for (const u of used) {
    // Only shared limits keep counters: a shopper's own are counted from their uses.
    if (u.promotion.usageLimit !== null || u.promotion.budgetPaise !== null) await spendPromotion(tx, u.promotionId, u.amountPaise);
    // Locked and checked free a moment ago, in this transaction.
    if (u.promotion.batchCodeId !== null && !(await claimBatchCode(tx, u.promotion.batchCodeId, order.id))) throw codeRefused(PROMO_CODE_MESSAGES.usedUp);
  }
  await recordUses(
    tx,
    used.map((u) => ({ promotionId: u.promotionId, orderId: order.id, userId: order.userId, code: u.code, amountPaise: u.amountPaise, orderTotalPaise: order.totalPaise })),
  );
  await tx.delete(cartPromoCodes).where(eq(cartPromoCodes.userId, order.userId));
}

type Sale = ReturnType<SaleOf>;

/** The automatic promotions and, for the set live now, each product's sale worked out once. */
interface Sales {
  rows: PromotionRow[];
  live: string;
  byProduct: Map<string, Sale>;
}

/**
 * The live automatic promotions as a product's sale (no shopper's limits), from memory: the product cache
 * holds them (emptied when a promotion or a product changes) and each product's sale for the promotions
 * live now, so a listing under a sale prices nothing twice.
 */
/** The automatic promotions, read once per product-cache generation: the cart, the checkout's offers and the pages share them. */
const salesOf = (db: DbOrTx, cache: ReadCache, now: Date) =>
  cache.get('promotions:sales', async (): Promise<Sales> => ({ rows: await automaticPromotions(db, now), live: '', byProduct: new Map() }));

export async function saleBook(db: DbOrTx, cache: ReadCache, now = new Date()): Promise<SaleOf | undefined> {
  const sales = await salesOf(db, cache, now);
  const automatic = sales.rows.filter((p) => isLive(p, now) && p.kind !== 'prepaid' && p.kind !== 'free_shipping' && !p.newCustomersOnly);
  if (automatic.length === 0) return undefined;
  // A sale that starts or ends changes the set: what was worked out for the old one is dropped.
  const live = automatic.map((p) => p.id).join('.');
  if (sales.live !== live) {
    sales.live = live;
    sales.byProduct.clear();
  }
  const known = sales.byProduct;
  return (p) => {
    const key = `${p.id}:${p.unitPaise}`;
    const hit = known.get(key);
    if (hit !== undefined) return hit;
    const line: EngineLine = { productId: p.id, category: p.category, brand: p.brand, unitPaise: p.unitPaise, quantity: 1, key: String(p.id) };
    const priced = applyPromotions([line], automatic, null);
    const first = priced.applied[0]?.promotion ?? automatic.find((a) => a.kind === 'buy_x_get_y' && covers(a.target, line));
    const sale = first ? { salePaise: priced.discountPaise > 0 ? p.unitPaise - priced.discountPaise : null, sale: { name: first.name, endsAt: first.endsAt?.toISOString() ?? null } } : null;
    known.set(key, sale);
    return sale;
  };
}
