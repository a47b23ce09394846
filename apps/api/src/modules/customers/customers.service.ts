import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import {
  paiseToRupees,
  type CustomerDetail,
  type CustomerList,
  type CustomerOrderRow,
  type CustomerReviewRow,
  type CustomerSummary,
  type Address,
  type OrderStatus,
  type PaymentMethod,
  type ReviewStatus,
} from '@shop/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { csvStream } from '../../lib/csv.ts';
import { notFound } from '../../lib/errors.ts';
import { orders } from '../orders/orders.table.ts';
import { products } from '../products/products.table.ts';
import { returns } from '../returns/returns.table.ts';
import { reviews } from '../reviews/reviews.table.ts';
import { users } from '../users/users.table.ts';
import { wishlistItems } from '../wishlist/wishlist.table.ts';

export const CUSTOMERS_PAGE_SIZE = 20;
const DETAIL_ORDERS = 50;
const EXPORT_BATCH = 1000;
const NOT_FOUND = 'Customer not found';

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** docs/product.md, Customers: shoppers only; staff, the owner and deleted accounts are not customers. */
const isCustomer = sql`${users.role} = 'user' and ${users.deletedAt} is null`;

const contains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Name or email by the trigram indexes (lower(col) LIKE); a phone-like term also by the phone's digits. */
function searchCondition(search: string): SQL {
  const term = search.trim().toLowerCase();
  if (!term) return sql`true`;
  const pattern = contains(term);
  // One branch per index, joined by UNION: an OR makes the planner read every user.
  const branches = [
    sql`select ${users.id} from ${users} where lower(${users.name}) like ${pattern}`,
    sql`select ${users.id} from ${users} where lower(${users.email}) like ${pattern}`,
  ];
  const digits = term.replace(/\D/g, '');
  if (digits.length >= 4 && /^[\d\s+()-]+$/.test(term))
    branches.push(
      sql`select ${users.id} from ${users} where regexp_replace(${users.phoneNumber}, '[^0-9]', '', 'g') like ${`%${digits}%`}`,
    );
  return sql`${users.id} in (${sql.join(branches, sql` union `)})`;
}

interface FigureRow {
  id: number;
  name: string;
  email: string;
  phone_number: string;
  created_at: string | Date;
  orders_count: number;
  spent_paise: number;
  last_order_at: string | Date | null;
  live: number;
  cod: number;
  returns_count: number;
}

/**
 * The figures of the given users, one grouped read per user from orders_user_listed_created_idx; returns
 * through their orders (returns_order_idx), as returns has no index of its own on the shopper.
 * Listed orders only: a card order never paid is not an order the shop sees.
 */
const figuresOf = (chosen: SQL) => sql`
  select c.id, c.name, c.email, c.phone_number, c.created_at,
         f.orders_count, f.spent_paise, f.last_order_at, f.live, f.cod, r.returns_count
  from (${chosen}) c
  left join lateral (
    select count(*)::int as orders_count,
           coalesce(sum(o.total_amount_paise) filter (where o.status <> 'cancelled'), 0)::float8 as spent_paise,
           max(o.created_at) as last_order_at,
           count(*) filter (where o.status <> 'cancelled')::int as live,
           count(*) filter (where o.status <> 'cancelled' and o.payment_method = 'cash')::int as cod
    from ${orders} o where o.user_id = c.id and o.listed
  ) f on true
  left join lateral (
    select count(*)::int as returns_count
    from ${returns} rr join ${orders} ro on ro.id = rr.order_id where ro.user_id = c.id
  ) r on true
  order by c.id desc`;

const iso = (v: string | Date) => new Date(v).toISOString();

function toSummary(r: FigureRow): CustomerSummary {
  const live = Number(r.live);
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phoneNumber: r.phone_number,
    createdAt: iso(r.created_at),
    ordersCount: Number(r.orders_count),
    totalSpentRupees: paiseToRupees(Number(r.spent_paise)),
    lastOrderAt: r.last_order_at === null ? null : iso(r.last_order_at),
    codSharePercent: live ? Math.round((100 * Number(r.cod)) / live) : 0,
    returnsCount: Number(r.returns_count),
  };
}

const customersWhere = (search: string, after?: number) =>
  sql`select ${users.id} as id, ${users.name} as name, ${users.email} as email, ${users.phoneNumber} as phone_number, ${users.createdAt} as created_at
      from ${users} where ${isCustomer} and ${searchCondition(search)}${after === undefined ? sql`` : sql` and ${users.id} < ${after}`}
      order by ${users.id} desc`;

/** docs/product.md, Customers: newest accounts first (the id follows the sign-up), 20 a page. */
export async function listCustomers(db: DbOrTx, q: { search: string; page: number }): Promise<CustomerList> {
  const page = sql`${customersWhere(q.search)} limit ${CUSTOMERS_PAGE_SIZE} offset ${(q.page - 1) * CUSTOMERS_PAGE_SIZE}`;
  const [found, [counted]] = await Promise.all([
    rows<FigureRow>(db, figuresOf(page)),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${users} where ${isCustomer} and ${searchCondition(q.search)}`,
    ),
  ]);
  return { customers: found.map(toSummary), total: Number(counted?.n ?? 0) };
}

export async function getCustomer(db: DbOrTx, id: number): Promise<CustomerDetail> {
  const [found] = await rows<FigureRow & { addresses: Address[] }>(
    db,
    sql`select f.*, u.addresses from (${figuresOf(sql`select ${users.id} as id, ${users.name} as name, ${users.email} as email, ${users.phoneNumber} as phone_number, ${users.createdAt} as created_at from ${users} where ${users.id} = ${id} and ${isCustomer}`)}) f
        join ${users} u on u.id = f.id`,
  );
  if (!found) throw notFound(NOT_FOUND);
  const [placed, written, [wished]] = await Promise.all([
    rows<{
      id: number;
      created_at: string | Date;
      status: OrderStatus;
      payment_method: PaymentMethod;
      total_amount_paise: number;
      total_items: number;
    }>(
      db,
      sql`select o.id, o.created_at, o.status, o.payment_method, o.total_amount_paise, o.total_items
          from ${orders} o where o.user_id = ${id} and o.listed
          order by o.created_at desc, o.id desc limit ${DETAIL_ORDERS}`,
    ),
    rows<{
      id: number;
      product_id: number;
      product_title: string;
      rating: number;
      title: string;
      status: ReviewStatus;
      created_at: string | Date;
    }>(
      db,
      sql`select r.id, r.product_id, p.title as product_title, r.rating, r.title, r.status, r.created_at
          from ${reviews} r join ${products} p on p.id = r.product_id
          where r.user_id = ${id} order by r.created_at desc, r.id desc`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from ${wishlistItems} w where w.user_id = ${id}`),
  ]);
  return {
    ...toSummary(found),
    addresses: found.addresses ?? [],
    orders: placed.map((o): CustomerOrderRow => ({
      id: o.id,
      createdAt: iso(o.created_at),
      status: o.status,
      paymentMethod: o.payment_method,
      totalAmount: paiseToRupees(Number(o.total_amount_paise)),
      items: Number(o.total_items),
    })),
    reviews: written.map((r): CustomerReviewRow => ({
      id: r.id,
      productId: r.product_id,
      productTitle: r.product_title,
      rating: r.rating,
      title: r.title,
      status: r.status,
      createdAt: iso(r.created_at),
    })),
    wishlistCount: Number(wished?.n ?? 0),
  };
}

const CUSTOMER_CSV_COLUMNS = [
  'id',
  'name',
  'email',
  'phone',
  'createdAt',
  'ordersCount',
  'totalSpent',
  'lastOrderAt',
  'codSharePercent',
  'returnsCount',
] as const;

/** Every customer the search finds, newest first, a batch at a time; cells made formula-safe by csvStream. */
export function exportCustomers(db: Db, q: { search: string }): Readable {
  async function* lines() {
    let after: number | undefined;
    for (;;) {
      const batch = (
        await rows<FigureRow>(db, figuresOf(sql`${customersWhere(q.search, after)} limit ${EXPORT_BATCH}`))
      ).map(toSummary);
      for (const c of batch)
        yield [
          c.id,
          c.name,
          c.email,
          c.phoneNumber,
          c.createdAt,
          c.ordersCount,
          c.totalSpentRupees,
          c.lastOrderAt ?? '',
          c.codSharePercent,
          c.returnsCount,
        ];
      if (batch.length < EXPORT_BATCH) return;
      after = batch.at(-1)!.id;
    }
  }
  return csvStream(lines(), { header: true, columns: [...CUSTOMER_CSV_COLUMNS], bom: true });
}
