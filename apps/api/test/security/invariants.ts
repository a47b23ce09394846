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
  'tax_documents',
  'document_counters',
  'order_status_history',
  'low_stock_alerts',
  'product_variants',
  'size_charts',
  'pincode_rules',
  'returns',
  'return_items',
  'return_events',
  'refunds',
  'promotions',
  'promotion_codes',
  'promotion_uses',
  'cart_promo_codes',
  'reviews',
  'wishlist_items',
  'stock_alerts',
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
 * - no order's total or item count differs from its lines;
 * - issue 15: each series of invoices and credit notes runs 1…n in its financial year, without gap
 *   or duplicate, and its counter says n; a listed order that is not cancelled has exactly one
 *   invoice not credited, a cancelled or unpaid one none; every document's lines add up to the
 *   order's total, taxable plus tax, the CGST and SGST halves to the line's tax.
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
  // Decision 036: a product with stock per variant holds exactly its variants' stock, none below zero.
  const variantSums = await rows<{ id: number; stock: number; variants: number; lowest: number }>(
    db,
    sql`select p.id, p.stock, sum(v.stock)::int as variants, min(v.stock)::int as lowest
        from products p join product_variants v on v.product_id = p.id where p.stock_per_variant group by p.id`,
  );
  for (const p of variantSums) {
    checks += 2;
    if (p.lowest < 0) violations.push(`a variant of product ${p.id} has negative stock ${p.lowest}`);
    if (p.stock !== p.variants) violations.push(`product ${p.id}: stock ${p.stock} ≠ its variants' ${p.variants}`);
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
    // An exchange's order is paid for by the returned goods' value, taken off its total; promotions take their
    // discount off (the lines' discounts add up to the order's); the charges are on top.
    sql`select o.id, o.total_amount_paise + o.exchange_credit_paise - o.shipping_paise - o.cod_fee_paise + o.prepaid_discount_paise as total, o.total_items as items,
          (select sum(i.unit_price_paise * i.quantity - i.discount_paise) from order_items i where i.order_id = o.id)::int
            + case when o.discount_paise = (select sum(i.discount_paise) from order_items i where i.order_id = o.id) then 0 else 1 end as line_total,
          (select sum(i.quantity) from order_items i where i.order_id = o.id)::int as line_items
        from orders o`,
  );
  for (const o of totals) {
    checks++;
    if (o.total !== o.line_total || o.items !== o.line_items) {
      violations.push(`order ${o.id}: total ${o.total}/${o.items} items but lines say ${o.line_total}/${o.line_items}`);
    }
  }
  const series = await rows<{ series: string; fy: string; n: number; lowest: number; highest: number; distinct_serials: number; counter: number | null }>(
    db,
    sql`select g.*, (select c.last_number from document_counters c where c.series = g.series and c.financial_year = g.fy) as counter
        from (select split_part(d.number, '/', 1) as series, d.financial_year as fy, count(*)::int as n, min(d.serial)::int as lowest,
                max(d.serial)::int as highest, count(distinct d.serial)::int as distinct_serials
              from tax_documents d group by 1, 2) g`,
  );
  for (const s of series) {
    checks++;
    if (s.lowest !== 1 || s.highest !== s.n || s.distinct_serials !== s.n || s.counter !== s.n)
      violations.push(`series ${s.series} ${s.fy}: ${s.n} documents numbered ${s.lowest}…${s.highest} (${s.distinct_serials} distinct), counter ${s.counter}`);
  }
  const invoiced = await rows<{ id: number; status: string; listed: boolean; payment_status: string; open: number; total: number }>(
    db,
    sql`select o.id, o.status, o.listed, o.payment_status, o.total_amount_paise + o.exchange_credit_paise as total,
          (select count(*) from tax_documents d where d.order_id = o.id and d.kind = 'invoice'
             and not exists (select 1 from tax_documents c where c.invoice_id = d.id and c.return_id is null))::int as open
        from orders o`,
  );
  for (const o of invoiced) {
    checks++;
    const expected = o.listed && o.status !== 'cancelled' ? 1 : 0;
    if (o.open !== expected) violations.push(`order ${o.id} (${o.status}, ${o.payment_status}) has ${o.open} open invoices, expected ${expected}`);
  }
  const totalOf = new Map(invoiced.map((o) => [o.id, o.total]));
  const docs = await rows<{ number: string; order_id: number; document: { lines: { amountPaise: number; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number }[]; intraState: boolean } }>(
    db,
    // A credit note for returned lines covers those lines only.
    sql`select number, order_id, document from tax_documents where return_id is null`,
  );
  for (const d of docs) {
    checks++;
    let sum = 0;
    for (const l of d.document.lines) {
      sum += l.amountPaise;
      const tax = l.amountPaise - l.taxablePaise;
      const halves = d.document.intraState ? l.cgstPaise + l.sgstPaise === tax && l.igstPaise === 0 && Math.abs(l.cgstPaise - l.sgstPaise) <= 1 : l.igstPaise === tax && l.cgstPaise + l.sgstPaise === 0;
      if (!halves) violations.push(`${d.number}: a line's tax ${tax} is not split into its halves or IGST`);
    }
    if (sum !== totalOf.get(d.order_id)) violations.push(`${d.number}: lines add up to ${sum}, the order's total is ${totalOf.get(d.order_id)}`);
  }
  // The dashboard's per-day sales (migration 0013) are exactly the earning orders' lines, by India day.
  const drift = await rows<{ day: string; product_id: number; kept_units: number | null; units: number | null; kept_paise: number | null; paise: number | null }>(
    db,
    sql`with truth as (
          select ((o.created_at at time zone 'UTC') + interval '330 minutes')::date as day, i.product_id,
                 sum(i.quantity)::int as units, sum(i.quantity::bigint * i.unit_price_paise)::float8 as paise
          from orders o join order_items i on i.order_id = o.id
          where o.listed and o.status <> 'cancelled' and (o.payment_method = 'cash' or o.payment_status = 'paid')
          group by 1, 2
        ), kept as (select day, product_id, units, revenue_paise::float8 as paise from product_sales_daily where units <> 0 or revenue_paise <> 0)
        select coalesce(t.day, k.day)::text as day, coalesce(t.product_id, k.product_id) as product_id,
               k.units as kept_units, t.units, k.paise as kept_paise, t.paise
        from truth t full join kept k on k.day = t.day and k.product_id = t.product_id
        where t.units is distinct from k.units or t.paise is distinct from k.paise`,
  );
  checks++;
  for (const d of drift)
    violations.push(`sales of product ${d.product_id} on ${d.day}: kept ${d.kept_units ?? 0} units/${d.kept_paise ?? 0} paise, orders say ${d.units ?? 0}/${d.paise ?? 0}`);
  return { checks, violations };
}

/** Every product's stock now, as the "initial" figure for a later check. */
export async function stockByProduct(db: Db): Promise<Map<number, number>> {
  const found = await rows<{ id: number; stock: number }>(db, sql`select id, stock from products`);
  return new Map(found.map((r) => [r.id, r.stock]));
}
