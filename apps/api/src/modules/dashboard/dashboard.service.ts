import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  addDays,
  countDays,
  dayParam,
  indiaDate,
  indiaDayEnd,
  indiaDayStart,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  paiseToRupees,
  type Dashboard,
  type DashboardFigures,
  type DashboardProduct,
  type OrderConfirmation,
  type OrderStatus,
  type PaymentMethod,
  type ReturnFigures,
  type ReturnReason,
  type PromotionPeriod,
  type DashboardReviews,
} from '@shop/shared';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../orders/orders.table.ts';
import { productSalesDaily } from './dashboard.table.ts';
import { lowStockAlerts, products, productVariants } from '../products/products.table.ts';
import { refunds, returnItems, returns as returnRequests } from '../returns/returns.table.ts';
import { promotions, promotionUses } from '../promotions/promotions.table.ts';
import { reviews } from '../reviews/reviews.table.ts';
import { stockAlerts } from '../stock-alerts/stock-alerts.table.ts';
import { users } from '../users/users.table.ts';

const MAX_DASHBOARD_DAYS = 366;

export const dashboardQuerySchema = z.object({ from: dayParam, to: dayParam }).transform((q, ctx) => {
  const to = q.to ?? indiaDate();
  const from = q.from ?? addDays(to, -29);
  if (from > to) ctx.addIssue({ code: 'custom', message: 'The start date is after the end date' });
  else if (countDays(from, to) > MAX_DASHBOARD_DAYS)
    ctx.addIssue({ code: 'custom', message: 'Choose a period of at most a year' });
  return { from, to };
});
type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

// Revenue: cash or paid card orders, not cancelled (as order_earns in migration 0013).
const earning = sql`(${orders.status} <> 'cancelled' and (${orders.paymentMethod} = 'cash' or ${orders.paymentStatus} = 'paid'))`;

function figures(g: {
  orders: number;
  cancelled: number;
  earning: number;
  revenuePaise: number;
  units: number;
}): DashboardFigures {
  return {
    revenue: paiseToRupees(g.revenuePaise),
    orders: g.orders,
    averageOrderValue: g.earning ? paiseToRupees(Math.round(g.revenuePaise / g.earning)) : 0,
    unitsSold: g.units,
    cancellationRate: g.orders ? g.cancelled / g.orders : 0,
  };
}

/** The orders are read from orders_dashboard_idx alone; best sellers from product_sales_daily. */
export async function dashboard(db: DbOrTx, q: DashboardQuery, threshold: number): Promise<Dashboard> {
  const days = countDays(q.from, q.to);
  const prevFrom = addDays(q.from, -days);
  const prevTo = addDays(q.from, -1);
  const end = indiaDayEnd(q.to);
  const prevStart = indiaDayStart(prevFrom);

  const [groups, sales, low, alerts, cash, returns, returned, promoted, newReviews] = await Promise.all([
    rows<{
      day: string;
      status: OrderStatus;
      method: PaymentMethod;
      earning: boolean;
      n: number;
      paise: number;
      units: number;
    }>(
      db,
      // ist_day (migration 0013) is the India day the sales triggers count in.
      sql`select ist_day(${orders.createdAt})::text as day, ${orders.status} as status, ${orders.paymentMethod} as method, ${earning} as earning,
            count(*)::int as n, sum(${orders.totalAmountPaise})::float8 as paise, sum(${orders.totalItems})::float8 as units
          from ${orders}
          where ${orders.listed} and ${orders.createdAt} >= ${prevStart.toISOString()} and ${orders.createdAt} < ${end.toISOString()}
          group by 1, 2, 3, 4`,
    ),
    rows<{ kind: 'revenue' | 'units'; product_id: number; title: string; paise: number; units: number }>(
      db,
      sql`with sales as (
            select ${productSalesDaily.productId} as product_id, sum(${productSalesDaily.revenuePaise})::float8 as paise,
                   sum(${productSalesDaily.units})::float8 as units
            from ${productSalesDaily}
            where ${productSalesDaily.day} >= ${q.from} and ${productSalesDaily.day} <= ${q.to}
            group by 1 having sum(${productSalesDaily.units}) > 0
          ), top as (
            (select 'revenue' as kind, * from sales order by paise desc, product_id limit 10)
            union all
            (select 'units' as kind, * from sales order by units desc, product_id limit 10)
          )
          select top.kind, top.product_id, ${products.title} as title, top.paise, top.units
          from top join ${products} on ${products.id} = top.product_id`,
    ),
    rows<{ id: number; title: string; brand: string; stock: number; thumbnail: string }>(
      db,
      // A product with stock per variant is low where one of its variants is (decision 036), named by it.
      sql`(select ${products.id} as id, ${products.title} as title, ${products.brand} as brand, ${products.stock} as stock, ${products.thumbnail} as thumbnail
          from ${products} where ${products.stock} <= ${threshold} and not ${products.deleted} and not ${products.stockPerVariant})
          union all
          (select ${products.id}, ${products.title} || ' (' || v.size || ', ' || v.color || ')', ${products.brand}, v.stock, ${products.thumbnail}
          from ${productVariants} v join ${products} on ${products.id} = v.product_id
          where v.stock <= ${threshold} and not ${products.deleted})
          order by 4, 1, 2 limit 50`,
    ),
    rows<{ product_id: number; title: string; stock: number; at: string | Date }>(
      db,
      sql`select ${lowStockAlerts.productId} as product_id,
            ${products.title} || coalesce(' (' || v.size || ', ' || v.color || ')', '') as title,
            ${lowStockAlerts.stock} as stock, ${lowStockAlerts.at} as at
          from ${lowStockAlerts} join ${products} on ${products.id} = ${lowStockAlerts.productId}
          left join ${productVariants} v on v.id = ${lowStockAlerts.variantId}
          order by ${lowStockAlerts.at} desc, ${lowStockAlerts.id} desc limit 10`,
    ),
    rows<{ status: OrderStatus; confirmation: OrderConfirmation; n: number }>(
      db,
      sql`select ${orders.status} as status, ${orders.confirmation} as confirmation, count(*)::int as n
          from ${orders}
          where ${orders.listed} and ${orders.paymentMethod} = 'cash'
            and ${orders.createdAt} >= ${indiaDayStart(q.from).toISOString()} and ${orders.createdAt} < ${end.toISOString()}
          group by 1, 2`,
    ),
    // docs/product.md, Dashboard: where cash parcels come back, to put on the no-COD list.
    rows<{ prefix: string; shipped: number; returned: number }>(
      db,
      sql`select left(regexp_replace(${orders.selectedAddress}->>'pinCode', '\s', '', 'g'), 3) as prefix,
                 count(*)::int as shipped, count(*) filter (where ${orders.stage} = 'rto')::int as returned
          from ${orders}
          where ${orders.listed} and ${orders.paymentMethod} = 'cash'
            and ${orders.stage} in ('shipped', 'out_for_delivery', 'undelivered', 'delivered', 'rto')
            and ${orders.createdAt} >= ${indiaDayStart(q.from).toISOString()} and ${orders.createdAt} < ${end.toISOString()}
          group by 1
          having count(*) filter (where ${orders.stage} = 'rto') > 0
          order by 3 desc, 1
          limit 10`,
    ),
    returnFigures(db, indiaDayStart(q.from), end),
    promotionFigures(db, indiaDayStart(q.from), end),
    reviewFigures(db, indiaDayStart(q.from), end),
  ]);
  const waiting = await waitingDemand(db, low.map((p) => p.id));

  const zero = () => ({ orders: 0, cancelled: 0, earning: 0, revenuePaise: 0, units: 0 });
  const now = zero();
  const before = zero();
  const daily = new Map<string, { revenuePaise: number; orders: number }>();
  for (let i = 0; i < days; i++) daily.set(addDays(q.from, i), { revenuePaise: 0, orders: 0 });
  const byStatus = new Map<OrderStatus, number>(ORDER_STATUSES.map((s) => [s, 0]));
  const byMethod = new Map<PaymentMethod, { orders: number; revenuePaise: number }>(
    PAYMENT_METHODS.map((m) => [m, { orders: 0, revenuePaise: 0 }]),
  );
  for (const g of groups) {
    const current = g.day >= q.from;
    const into = current ? now : before;
    into.orders += g.n;
    if (g.status === 'cancelled') into.cancelled += g.n;
    if (g.earning) {
      into.earning += g.n;
      into.revenuePaise += g.paise;
      into.units += g.units;
    }
    if (!current) continue;
    const d = daily.get(g.day);
    if (d) {
      d.orders += g.n;
      if (g.earning) d.revenuePaise += g.paise;
    }
    byStatus.set(g.status, (byStatus.get(g.status) ?? 0) + g.n);
    const m = byMethod.get(g.method);
    if (m) {
      m.orders += g.n;
      if (g.earning) m.revenuePaise += g.paise;
    }
  }
  const cod = { orders: 0, share: 0, confirmed: 0, cancelledUnconfirmed: 0, awaiting: 0 };
  for (const c of cash) {
    cod.orders += c.n;
    if (c.confirmation === 'confirmed') cod.confirmed += c.n;
    // An order cancelled unconfirmed keeps `awaiting`: the sweep, staff or the shopper cancelled it first.
    else if (c.confirmation === 'awaiting')
      cod[c.status === 'cancelled' ? 'cancelledUnconfirmed' : 'awaiting'] += c.n;
  }
  cod.share = now.orders ? cod.orders / now.orders : 0;
  const returnedByPrefix = returns.map((r) => ({ ...r, rate: r.returned / r.shipped }));
  const top = (kind: 'revenue' | 'units'): DashboardProduct[] =>
    sales
      .filter((s) => s.kind === kind)
      .sort(
        (a, b) => (kind === 'revenue' ? b.paise - a.paise : b.units - a.units) || a.product_id - b.product_id,
      )
      .map((s) => ({
        productId: s.product_id,
        title: s.title,
        revenue: paiseToRupees(s.paise),
        units: s.units,
      }));

  return {
    period: { from: q.from, to: q.to, days },
    previousPeriod: { from: prevFrom, to: prevTo },
    figures: figures(now),
    previous: figures(before),
    daily: [...daily].map(([date, d]) => ({
      date,
      revenue: paiseToRupees(d.revenuePaise),
      orders: d.orders,
    })),
    byStatus: [...byStatus].map(([status, n]) => ({ status, orders: n })),
    byPaymentMethod: [...byMethod].map(([paymentMethod, m]) => ({
      paymentMethod,
      orders: m.orders,
      revenue: paiseToRupees(m.revenuePaise),
    })),
    topByRevenue: top('revenue'),
    topByUnits: top('units'),
    // docs/product.md, Dashboard: shoppers waiting for it back are a reason to restock it first.
    lowStock: {
      threshold,
      products: low
        .map((p) => ({ ...p, waiting: waiting.get(p.id) ?? 0 }))
        .sort((a, b) => a.stock - b.stock || b.waiting - a.waiting || a.id - b.id || a.title.localeCompare(b.title)),
    },
    lowStockAlerts: alerts.map((a) => ({
      productId: a.product_id,
      title: a.title,
      stock: a.stock,
      at: new Date(a.at).toISOString(),
    })),
    cod: { ...cod, returnedByPrefix },
    returns: returned,
    promotions: promoted,
    newReviews,
  };
}

/** docs/product.md, Promotions: the period's uses by promotion and India day, one grouped read. */
async function promotionFigures(db: DbOrTx, from: Date, to: Date): Promise<PromotionPeriod[]> {
  const found = await rows<{ id: number; name: string; code: string | null; day: string; orders: number; revenue: number; discount: number }>(
    db,
    sql`select p.id, p.name, p.code, ist_day(u.created_at)::text as day, count(*)::int as orders,
               sum(u.order_total_paise)::float8 as revenue, sum(u.amount_paise)::float8 as discount
        from ${promotionUses} u join ${promotions} p on p.id = u.promotion_id
        where u.created_at >= ${from.toISOString()} and u.created_at < ${to.toISOString()}
        group by 1, 2, 3, 4 order by 4`,
  );
  const byId = new Map<number, PromotionPeriod & { paise: { revenue: number; discount: number } }>();
  for (const r of found) {
    let p = byId.get(r.id);
    if (!p) byId.set(r.id, (p = { id: r.id, name: r.name, code: r.code, uses: 0, revenueRupees: 0, discountRupees: 0, days: [], paise: { revenue: 0, discount: 0 } }));
    p.uses += Number(r.orders);
    p.paise.revenue += Number(r.revenue);
    p.paise.discount += Number(r.discount);
    p.days.push({ day: r.day, orders: Number(r.orders) });
  }
  return [...byId.values()]
    .sort((a, b) => b.paise.discount - a.paise.discount || a.id - b.id)
    .slice(0, 10)
    .map(({ paise, ...p }) => ({ ...p, revenueRupees: paiseToRupees(paise.revenue), discountRupees: paiseToRupees(paise.discount) }));
}

/**
 * docs/product.md, Dashboard: the period's return requests by reason and the products that come back
 * most (units asked, not rejected, against units sold in the period), and every refund still owed.
 */
async function returnFigures(db: DbOrTx, from: Date, to: Date): Promise<ReturnFigures> {
  const inPeriod = sql`${returnRequests.createdAt} >= ${from.toISOString()} and ${returnRequests.createdAt} < ${to.toISOString()} and ${returnRequests.status} <> 'rejected'`;
  const byReason = await rows<{ reason: ReturnReason; count: number }>(
    db,
    sql`select ${returnItems.reason} as reason, sum(${returnItems.quantity})::int as count
        from ${returnItems} join ${returnRequests} on ${returnRequests.id} = ${returnItems.returnId}
        where ${inPeriod} group by 1 order by 2 desc, 1`,
  );
  const topProducts = await rows<{ product_id: number; title: string; returned: number; sold: number }>(
    db,
    sql`with back as (
          select i.product_id, sum(${returnItems.quantity})::int as returned
          from ${returnItems} join ${returnRequests} on ${returnRequests.id} = ${returnItems.returnId}
          join order_items i on i.id = ${returnItems.orderItemId}
          where ${inPeriod} group by 1 order by 2 desc, 1 limit 10)
        select back.product_id, ${products.title} as title, back.returned,
          coalesce((select sum(d.units) from ${productSalesDaily} d where d.product_id = back.product_id
            and d.day >= ist_day(${from.toISOString()}::timestamptz) and d.day < ist_day(${to.toISOString()}::timestamptz)), 0)::int as sold
        from back join ${products} on ${products.id} = back.product_id order by back.returned desc, back.product_id`,
  );
  const [owed] = await rows<{ n: number; paise: number }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(${refunds.amountPaise}), 0)::float8 as paise from ${refunds} where ${refunds.status} = 'pending'`,
  );
  const [open] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${returnRequests} where ${returnRequests.status} in ('requested', 'approved', 'received')`,
  );
  return {
    byReason: byReason.map((r) => ({ reason: r.reason, count: Number(r.count) })),
    topProducts: topProducts.map((p) => ({ productId: p.product_id, title: p.title, returned: Number(p.returned), sold: Number(p.sold) })),
    refundsOwed: { count: Number(owed?.n ?? 0), amount: paiseToRupees(Number(owed?.paise ?? 0)) },
    open: Number(open?.n ?? 0),
  };
}

/** docs/product.md, Dashboard: the period's reviews (reviews_created_idx), the latest five named. */
async function reviewFigures(db: DbOrTx, from: Date, to: Date): Promise<DashboardReviews> {
  const inPeriod = sql`r.created_at >= ${from.toISOString()} and r.created_at < ${to.toISOString()}`;
  const [[counted], latest] = await Promise.all([
    rows<{ n: number; pending: number }>(
      db,
      sql`select count(*)::int as n, count(*) filter (where r.status = 'pending')::int as pending from ${reviews} r where ${inPeriod}`,
    ),
    rows<{ id: number; product_id: number; product_title: string; customer_name: string; rating: number; title: string; status: DashboardReviews['latest'][number]['status']; created_at: string | Date }>(
      db,
      sql`select r.id, r.product_id, p.title as product_title, u.name as customer_name, r.rating, r.title, r.status, r.created_at
          from ${reviews} r join ${products} p on p.id = r.product_id join ${users} u on u.id = r.user_id
          where ${inPeriod} order by r.created_at desc, r.id desc limit 5`,
    ),
  ]);
  return {
    count: Number(counted?.n ?? 0),
    pending: Number(counted?.pending ?? 0),
    latest: latest.map((r) => ({
      id: r.id,
      productId: r.product_id,
      productTitle: r.product_title,
      customerName: r.customer_name,
      rating: r.rating,
      title: r.title,
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

/** Confirmed back-in-stock subscriptions per product (stock_alerts_waiting_idx): the demand waiting for it. */
async function waitingDemand(db: DbOrTx, productIds: number[]): Promise<Map<number, number>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const found = await rows<{ product_id: number; n: number }>(
    db,
    sql`select ${stockAlerts.productId} as product_id, count(*)::int as n from ${stockAlerts}
        where ${stockAlerts.confirmedAt} is not null and ${stockAlerts.productId} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
        group by 1`,
  );
  return new Map(found.map((r) => [r.product_id, Number(r.n)]));
}
