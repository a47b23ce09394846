import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

/** Rows of a raw query, whichever driver ran it. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Every table a request can change: a rejected request must leave all of them as they were. */
export const TABLES = [
  'users',
  'sessions',
  'password_reset_tokens',
  'brands',
  'categories',
  'products',
  'cart_items',
  'orders',
  'order_items',
  'idempotency_keys',
  'payments',
  'shop_settings',
] as const;

/** A fingerprint of the whole database's content, one digest per table, in one round trip. */
export async function snapshot(db: Db): Promise<Record<string, string>> {
  const parts = TABLES.map((t) => `select '${t}' as name, count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as digest from ${t} x`);
  const found = await rows<{ name: string; digest: string }>(db, sql.raw(parts.join(' union all ')));
  return Object.fromEntries(found.map((r) => [r.name, r.digest]));
}

export interface InvariantReport {
  /** Individual facts checked (one per product, per order, per paid order, ...). */
  checks: number;
  violations: string[];
}

/**
 * The money and stock invariants of the issue, checked in SQL against the database itself:
 * - no stock is negative;
 * - for every product, initial stock = current stock + units in live (not cancelled) orders;
 * - every paid card order has exactly one paid payment, and every paid payment belongs to a paid order;
 * - no order's total or item count differs from its lines.
 */
export async function checkInvariants(db: Db, initialStock: Map<number, number>): Promise<InvariantReport> {
  const violations: string[] = [];
  let checks = 0;

  const stock = await rows<{ id: number; stock: number; held: number }>(
    db,
    sql`select p.id, p.stock, coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
          where i.product_id = p.id and o.status <> 'cancelled'), 0)::int as held
        from products p order by p.id`,
  );
  for (const p of stock) {
    checks += 2;
    if (p.stock < 0) violations.push(`product ${p.id} has negative stock ${p.stock}`);
    const initial = initialStock.get(p.id);
    if (initial === undefined) violations.push(`product ${p.id} was not in the initial stock list`);
    else if (initial !== p.stock + p.held) violations.push(`product ${p.id}: initial ${initial} ≠ stock ${p.stock} + live units ${p.held}`);
  }

  const paid = await rows<{ id: number; payment_status: string; paid_rows: number; all_rows: number }>(
    db,
    sql`select o.id, o.payment_status,
          (select count(*) from payments p where p.order_id = o.id and p.status = 'paid')::int as paid_rows,
          (select count(*) from payments p where p.order_id = o.id)::int as all_rows
        from orders o where o.payment_method = 'card'`,
  );
  for (const o of paid) {
    checks++;
    if (o.payment_status === 'paid' && o.paid_rows !== 1) violations.push(`card order ${o.id} is paid with ${o.paid_rows} paid payments`);
    if (o.payment_status !== 'paid' && o.paid_rows !== 0) violations.push(`card order ${o.id} is ${o.payment_status} but has a paid payment`);
    if (o.all_rows > 1) violations.push(`card order ${o.id} has ${o.all_rows} provider payments`);
  }

  const totals = await rows<{ id: number; total: number; items: number; line_total: number | null; line_items: number | null }>(
    db,
    sql`select o.id, o.total_amount_paise as total, o.total_items as items,
          (select sum(i.unit_price_paise * i.quantity) from order_items i where i.order_id = o.id)::int as line_total,
          (select sum(i.quantity) from order_items i where i.order_id = o.id)::int as line_items
        from orders o`,
  );
  for (const o of totals) {
    checks++;
    if (o.total !== o.line_total || o.items !== o.line_items) {
      violations.push(`order ${o.id}: total ${o.total}/${o.items} items but lines say ${o.line_total}/${o.line_items}`);
    }
  }
  return { checks, violations };
}

/** Every product's stock now, as the "initial" figure for a later check. */
export async function stockByProduct(db: Db): Promise<Map<number, number>> {
  const found = await rows<{ id: number; stock: number }>(db, sql`select id, stock from products`);
  return new Map(found.map((r) => [r.id, r.stock]));
}
