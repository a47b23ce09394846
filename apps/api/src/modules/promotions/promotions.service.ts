import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  paiseToRupees,
  promotionSchema,
  rupeesToPaise,
  type Promotion,
  type PromotionBody,
  type PromotionDay,
  type PromotionDetail,
  type PromotionFigures,
} from '@shop/shared';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { EnginePromotion } from './engine.ts';
import { promotionCodes, promotions, promotionUses } from './promotions.table.ts';

export type PromotionRow = typeof promotions.$inferSelect;

const PAGE_SIZE = 20;
const NOT_FOUND = 'Promotion not found';
const CODE_TAKEN = 'Another promotion already has this code';

const NO_FIGURES: PromotionFigures = { uses: 0, revenueRupees: 0, discountRupees: 0 };

function toPromotion(row: PromotionRow, figures: PromotionFigures, batchCodes: number): Promotion {
  const isPercent = row.kind === 'percent';
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    value: isPercent ? row.valueHundredths / 100 : paiseToRupees(row.valueHundredths),
    appliesTo: row.appliesTo,
    code: row.code,
    batchCodes,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    minOrderRupees: paiseToRupees(row.minOrderPaise),
    usageLimit: row.usageLimit,
    budgetRupees: row.budgetPaise === null ? null : paiseToRupees(row.budgetPaise),
    perCustomerLimit: row.perCustomerLimit,
    newCustomersOnly: row.newCustomersOnly,
    priority: row.priority,
    exclusive: row.exclusive,
    target: row.target,
    buyQuantity: row.buyQuantity,
    getQuantity: row.getQuantity,
    getPercent: row.getPercent,
    maxApplications: row.maxApplications,
    enabled: row.enabled,
    figures,
    createdAt: row.createdAt.toISOString(),
  };
}

function toColumns(body: PromotionBody) {
  return {
    name: body.name,
    kind: body.kind,
    // A percentage in basis points, an amount in paise; the other kinds carry none.
    valueHundredths: body.kind === 'percent' || body.kind === 'fixed' || body.kind === 'prepaid' ? Math.round(body.value * 100) : 0,
    appliesTo: body.appliesTo,
    code: body.code,
    startsAt: new Date(body.startsAt),
    endsAt: body.endsAt === null ? null : new Date(body.endsAt),
    minOrderPaise: rupeesToPaise(body.minOrderRupees),
    usageLimit: body.usageLimit,
    budgetPaise: body.budgetRupees === null ? null : rupeesToPaise(body.budgetRupees),
    perCustomerLimit: body.perCustomerLimit,
    newCustomersOnly: body.newCustomersOnly,
    priority: body.priority,
    exclusive: body.exclusive,
    target: body.target,
    buyQuantity: body.kind === 'buy_x_get_y' ? body.buyQuantity : null,
    getQuantity: body.kind === 'buy_x_get_y' ? body.getQuantity : null,
    getPercent: body.kind === 'buy_x_get_y' ? body.getPercent : null,
    maxApplications: body.maxApplications,
    enabled: body.enabled,
  };
}

function toBody(p: Promotion): PromotionBody {
  const { id: _i, batchCodes: _b, figures: _f, createdAt: _c, ...body } = p;
  return body;
}

/** Uses, what their orders were paid and the discount given, for these promotions: one grouped read. */
async function figuresOf(db: DbOrTx, ids: number[]): Promise<Map<number, PromotionFigures>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: promotionUses.promotionId,
      uses: count(),
      revenue: sql<string>`coalesce(sum(${promotionUses.orderTotalPaise}), 0)`,
      discount: sql<string>`coalesce(sum(${promotionUses.amountPaise}), 0)`,
    })
    .from(promotionUses)
    .where(inArray(promotionUses.promotionId, ids))
    .groupBy(promotionUses.promotionId);
  return new Map(rows.map((r) => [r.id, { uses: r.uses, revenueRupees: paiseToRupees(Number(r.revenue)), discountRupees: paiseToRupees(Number(r.discount)) }]));
}

async function batchCounts(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: promotionCodes.promotionId, n: count() })
    .from(promotionCodes)
    .where(inArray(promotionCodes.promotionId, ids))
    .groupBy(promotionCodes.promotionId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

async function withFigures(db: DbOrTx, rows: PromotionRow[]): Promise<Promotion[]> {
  const ids = rows.map((r) => r.id);
  const figures = await figuresOf(db, ids);
  const batches = await batchCounts(db, ids);
  return rows.map((r) => toPromotion(r, figures.get(r.id) ?? NO_FIGURES, batches.get(r.id) ?? 0));
}

export async function listPromotions(db: DbOrTx, page: number): Promise<{ promotions: Promotion[]; total: number }> {
  const rows = await db
    .select()
    .from(promotions)
    .orderBy(desc(promotions.createdAt), desc(promotions.id))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(promotions);
  return { promotions: await withFigures(db, rows), total };
}

async function rowById(db: DbOrTx, id: number): Promise<PromotionRow> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function getPromotion(db: DbOrTx, id: number): Promise<PromotionDetail> {
  const [promotion] = await withFigures(db, [await rowById(db, id)]);
  const days = await db
    .select({
      day: sql<string>`ist_day(${promotionUses.createdAt})::text`,
      orders: count(),
      discount: sql<string>`sum(${promotionUses.amountPaise})`,
      revenue: sql<string>`sum(${promotionUses.orderTotalPaise})`,
    })
    .from(promotionUses)
    .where(eq(promotionUses.promotionId, id))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return {
    ...promotion!,
    days: days.map((d): PromotionDay => ({ day: d.day, orders: d.orders, discountRupees: paiseToRupees(Number(d.discount)), revenueRupees: paiseToRupees(Number(d.revenue)) })),
  };
}

/** A code is unique across promotions and batches: a shopper's code names one thing. */
async function checkCodeFree(db: DbOrTx, code: string | null, self?: number): Promise<void> {
  if (code === null) return;
  const [batch] = await db.select({ id: promotionCodes.id }).from(promotionCodes).where(eq(promotionCodes.code, code));
  const [other] = await db
    .select({ id: promotions.id })
    .from(promotions)
    .where(and(eq(promotions.code, code), self === undefined ? undefined : sql`${promotions.id} <> ${self}`));
  if (batch || other) throw conflict(CODE_TAKEN);
}

export async function createPromotion(db: DbOrTx, body: PromotionBody): Promise<Promotion> {
  await checkCodeFree(db, body.code);
  try {
    const [row] = await db.insert(promotions).values(toColumns(body)).returning();
    return toPromotion(row!, NO_FIGURES, 0);
  } catch (err) {
    if (isUniqueViolation(err, 'promotions_code_idx')) throw conflict(CODE_TAKEN);
    throw err;
  }
}

/** The edit is checked whole, as it will be saved: a percentage turned into buy X get Y needs its quantities. */
export async function updatePromotion(db: DbOrTx, id: number, patch: Partial<PromotionBody>): Promise<Promotion> {
  const [current] = await withFigures(db, [await rowById(db, id)]);
  const parsed = promotionSchema.safeParse({ ...toBody(current!), ...patch });
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid promotion');
  await checkCodeFree(db, parsed.data.code, id);
  try {
    const [row] = await db
      .update(promotions)
      .set({ ...toColumns(parsed.data), updatedAt: new Date() })
      .where(eq(promotions.id, id))
      .returning();
    if (!row) throw notFound(NOT_FOUND);
    return toPromotion(row, current!.figures, current!.batchCodes);
  } catch (err) {
    if (isUniqueViolation(err, 'promotions_code_idx')) throw conflict(CODE_TAKEN);
    throw err;
  }
}

/** A promotion orders have used keeps its figures: it is switched off, not deleted. */
export async function deletePromotion(db: DbOrTx, id: number): Promise<void> {
  await rowById(db, id);
  const [used] = await db.select({ id: promotionUses.id }).from(promotionUses).where(eq(promotionUses.promotionId, id)).limit(1);
  if (used) throw conflict('Orders have used this promotion: switch it off instead, to keep its figures');
  await db.delete(promotions).where(eq(promotions.id, id));
}

// Letters and digits that cannot be mistaken for each other when read out or typed from a phone.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomCode = (prefix: string) => prefix + Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** A batch of unique single-use codes for a code promotion (an influencer's, a mail campaign's). */
export async function makeCodes(db: DbOrTx, id: number, countWanted: number, prefix: string): Promise<{ created: number; batchCodes: number }> {
  const row = await rowById(db, id);
  if (row.code === null) throw badRequest('Give the promotion a code first: an automatic sale needs no codes');
  const codes = new Set<string>();
  while (codes.size < countWanted) codes.add(randomCode(prefix));
  const wanted = [...codes];
  // A clash with a promotion's own code is skipped like one with another batch's.
  const taken = new Set(
    (await db.select({ code: promotions.code }).from(promotions).where(inArray(promotions.code, wanted))).map((r) => r.code),
  );
  const inserted = await db
    .insert(promotionCodes)
    .values(wanted.filter((c) => !taken.has(c)).map((code) => ({ promotionId: id, code })))
    .onConflictDoNothing()
    .returning({ id: promotionCodes.id });
  const batches = await batchCounts(db, [id]);
  return { created: inserted.length, batchCodes: batches.get(id) ?? 0 };
}

export async function batchCodesCsv(db: DbOrTx, id: number): Promise<string> {
  const row = await rowById(db, id);
  const rows = await db
    .select({ code: promotionCodes.code, orderId: promotionCodes.orderId, usedAt: promotionCodes.usedAt })
    .from(promotionCodes)
    .where(eq(promotionCodes.promotionId, id))
    .orderBy(promotionCodes.id);
  const lines = rows.map((r) => `${r.code},${r.usedAt ? 'yes' : 'no'},${r.orderId ?? ''},${r.usedAt?.toISOString() ?? ''}`);
  return `# ${row.name.replace(/[\r\n]/g, ' ')}\ncode,used,order,used_at\n${lines.join('\n')}${lines.length ? '\n' : ''}`;
}

export function toEnginePromotion(row: PromotionRow): EnginePromotion & { row: PromotionRow } {
  return { ...row, row };
}

/** The automatic promotions that have not ended by `now` (the cache holds them; the time is checked at use). */
export async function automaticPromotions(db: DbOrTx, now: Date): Promise<PromotionRow[]> {
  return db
    .select()
    .from(promotions)
    .where(and(eq(promotions.enabled, true), isNull(promotions.code), or(isNull(promotions.endsAt), gt(promotions.endsAt, now))));
}

/** Live at `now`: from its start (inclusive) to its end (exclusive), and switched on. */
export const isLive = (p: Pick<PromotionRow, 'enabled' | 'startsAt' | 'endsAt'>, now: Date): boolean =>
  p.enabled && p.startsAt.getTime() <= now.getTime() && (p.endsAt === null || p.endsAt.getTime() > now.getTime());

/** The promotion a code names (its own code or one of a batch), with the batch code's row. */
export async function promotionByCode(db: DbOrTx, code: string): Promise<{ row: PromotionRow; batchCodeId: number | null; batchUsed: boolean } | null> {
  const [own] = await db.select().from(promotions).where(eq(promotions.code, code));
  if (own) return { row: own, batchCodeId: null, batchUsed: false };
  const [batch] = await db
    .select({ row: promotions, id: promotionCodes.id, usedAt: promotionCodes.usedAt })
    .from(promotionCodes)
    .innerJoin(promotions, eq(promotions.id, promotionCodes.promotionId))
    .where(eq(promotionCodes.code, code));
  return batch ? { row: batch.row, batchCodeId: batch.id, batchUsed: batch.usedAt !== null } : null;
}

/** How often this shopper has used it, and whether they have ordered before: read under the promotion's lock. */
export async function shopperHistory(db: DbOrTx, promotionId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(promotionUses)
    .where(and(eq(promotionUses.promotionId, promotionId), eq(promotionUses.userId, userId)));
  return row?.n ?? 0;
}

/** The limited promotions' rows, locked in id order: the checkouts spending them take turns. */
export async function lockPromotions(tx: Tx, ids: number[]): Promise<Map<number, PromotionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select().from(promotions).where(inArray(promotions.id, ids)).orderBy(promotions.id).for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

export async function spendPromotion(tx: Tx, id: number, amountPaise: number): Promise<void> {
  await tx
    .update(promotions)
    .set({ usedCount: sql`${promotions.usedCount} + 1`, usedPaise: sql`${promotions.usedPaise} + ${amountPaise}` })
    .where(eq(promotions.id, id));
}

/** A batch code is spent once: the update holds only while nobody has. */
export async function claimBatchCode(tx: Tx, batchCodeId: number, orderId: number): Promise<boolean> {
  const claimed = await tx
    .update(promotionCodes)
    .set({ orderId, usedAt: new Date() })
    .where(and(eq(promotionCodes.id, batchCodeId), isNull(promotionCodes.usedAt)))
    .returning({ id: promotionCodes.id });
  return claimed.length === 1;
}

export async function recordUses(tx: Tx, uses: (typeof promotionUses.$inferInsert)[]): Promise<void> {
  if (uses.length) await tx.insert(promotionUses).values(uses);
}

