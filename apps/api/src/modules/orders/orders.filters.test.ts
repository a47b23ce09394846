import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { AdminOrderList } from '@shop/shared';
import { createTestApp, insertUser, type TestApp } from '../../../test/app.ts';
import {
  insertCartLine,
  insertProduct,
  orderPayload,
  sessionCookie,
  shopper,
  testAddress,
} from '../../../test/commerce.ts';
import { orders } from './orders.table.ts';
import { orderFilterConditions } from './orders.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let admin: string;
const ids: Record<string, number> = {};

/** Places a cash order for a new shopper with this account and delivery address, then sets its status, method and time. */
async function order(
  key: string,
  fields: {
    account: { name: string; email: string };
    address?: Partial<typeof testAddress>;
    status?: string;
    method?: 'cash' | 'card';
    at: string;
  },
) {
  const user = await insertUser(t.db, fields.account);
  const cookie = await sessionCookie(t.db, user.id);
  const p = await insertProduct(t.db, { stock: 5 });
  await insertCartLine(t.db, user.id, p.id, 1);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie },
    payload: { ...orderPayload('cash'), selectedAddress: { ...testAddress, ...fields.address } },
  });
  const id = res.json<{ id: number }>().id;
  await t.db
    .update(orders)
    .set({
      status: (fields.status ?? 'pending') as 'pending',
      paymentMethod: fields.method ?? 'cash',
      paymentStatus: fields.method === 'card' ? 'paid' : 'pending',
      createdAt: new Date(fields.at),
    })
    .where(eq(orders.id, id));
  ids[key] = id;
}

beforeAll(async () => {
  await t.reset();
  admin = (await shopper(t.db, 'admin')).cookie;
  await order('meera', {
    account: { name: 'Meera Iyer', email: 'meera.iyer@example.com' },
    address: { name: 'Meera Iyer', email: 'meera.iyer@example.com', phone: '+91 98450 11111' },
    at: '2026-03-01T10:00:00+05:30',
  });
  // Ordered by Ravi for his mother: the account and the delivery name differ.
  await order('ravi', {
    account: { name: 'Ravi Menon', email: 'ravi.m@example.org' },
    address: { name: 'Lakshmi Menon', email: 'lakshmi@example.org', phone: '+919820022222' },
    status: 'dispatched',
    method: 'card',
    at: '2026-03-02T00:10:00+05:30',
  });
  await order('anu', {
    account: { name: 'Anu Das', email: 'anu@example.net' },
    address: { name: 'Anu Das', email: 'anu@example.net', phone: '9830033333' },
    status: 'cancelled',
    at: '2026-03-02T23:50:00+05:30',
  });
  await order('zoya', {
    account: { name: 'Zoya Khan', email: 'zoya_k@example.com' },
    address: { name: 'Zoya Khan', email: 'zoya_k@example.com', phone: '+919840044444' },
    status: 'delivered',
    method: 'card',
    at: '2026-03-03T00:00:00+05:30',
  });
});

const list = async (query: string) => {
  const res = await t.app.inject({ url: `/api/orders/admin?${query}`, headers: { cookie: admin } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdminOrderList>();
};
const found = async (query: string) =>
  (await list(query)).products.map((o) => Object.entries(ids).find(([, id]) => id === o.id)![0]).sort();

describe('finding an order in All Orders', () => {
  it('searches the order number, with or without #', async () => {
    expect(await found(`search=${ids.anu}`)).toEqual(['anu']);
    expect(await found(`search=%23${ids.zoya}`)).toEqual(['zoya']);
  });

  it('searches the delivery name and the account name, case-insensitively and anywhere in them', async () => {
    expect(await found('search=lakshmi')).toEqual(['ravi']);
    expect(await found('search=RAVI')).toEqual(['ravi']);
    expect(await found('search=menon')).toEqual(['ravi']);
    expect(await found('search=iyer')).toEqual(['meera']);
  });

  it('searches the delivery and account emails, taking _ literally', async () => {
    expect(await found('search=example.org')).toEqual(['ravi']);
    expect(await found('search=ANU%40EXAMPLE')).toEqual(['anu']);
    expect(await found('search=zoya_k')).toEqual(['zoya']);
    expect(await found('search=a_u')).toEqual([]);
  });

  it('searches the phone by its digits, however they are spaced', async () => {
    expect(await found('search=98450%2011111')).toEqual(['meera']);
    expect(await found('search=%2B91%2098200%2022222')).toEqual(['ravi']);
    expect(await found('search=33333')).toEqual(['anu']);
  });

  it('filters by one or several statuses, by payment method and by days in India time, both ends included', async () => {
    expect(await found('status=cancelled')).toEqual(['anu']);
    expect(await found('status=pending&status=delivered')).toEqual(['meera', 'zoya']);
    expect(await found('paymentMethod=card')).toEqual(['ravi', 'zoya']);
    expect(await found('from=2026-03-02&to=2026-03-02')).toEqual(['anu', 'ravi']);
    expect(await found('from=2026-03-03')).toEqual(['zoya']);
    expect(await found('to=2026-03-01')).toEqual(['meera']);
    expect(
      await found('paymentMethod=card&status=delivered&search=zoya&from=2026-03-01&to=2026-03-31'),
    ).toEqual(['zoya']);
  });

  it('keeps the sort, the paging and the total under a filter', async () => {
    const page = await list(
      'status=pending&status=dispatched&status=delivered&_sort=createdAt&_order=asc&_page=2&_per_page=2',
    );
    expect(page.totalOrders).toBe(3);
    expect(page.products.map((o) => o.id)).toEqual([ids.zoya]);
  });

  it('reads the filters from the last path segment too, as older clients send the query', async () => {
    const res = await t.app.inject({
      url: '/api/orders/admin/_sort=createdAt&_order=desc&status=pending&status=cancelled&search=das&',
      headers: { cookie: admin },
    });
    expect(res.json<AdminOrderList>().products.map((o) => o.id)).toEqual([ids.anu]);
  });

  it('refuses a bad status, payment method, date or range with 400 and its message', async () => {
    const cases: [string, string][] = [
      ['status=shipped', 'Invalid status'],
      ['status=pending&status=bogus', 'Invalid status'],
      ['paymentMethod=upi', 'Invalid payment method'],
      ['from=2026-02-30', 'Invalid date'],
      ['to=yesterday', 'Invalid date'],
      ['from=2026-03-05&to=2026-03-01', 'The start date is after the end date'],
      [`search=${'x'.repeat(101)}`, 'Search is too long'],
    ];
    for (const [q, message] of cases) {
      const res = await t.app.inject({ url: `/api/orders/admin?${q}`, headers: { cookie: admin } });
      expect([q, res.statusCode, res.json()]).toEqual([q, 400, { message }]);
    }
    const segment = await t.app.inject({ url: '/api/orders/admin/status=lost&', headers: { cookie: admin } });
    expect([segment.statusCode, segment.json()]).toEqual([400, { message: 'Invalid status' }]);
  });

  it('is served by the trigram indexes of the address and the account', async () => {
    const query = t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(...orderFilterConditions({ search: 'menon' })));
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    for (const index of [
      'orders_address_name_trgm_idx',
      'orders_address_email_trgm_idx',
      'users_name_trgm_idx',
      'users_email_trgm_idx',
    ])
      expect(plan).toContain(index);
  });
});

describe('exporting orders as CSV', () => {
  const exported = async (query: string) => {
    const res = await t.app.inject({ url: `/api/orders/export?${query}`, headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    return parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
  };

  it('exports the orders of the same filters as the list, newest first, with the order JSON’s field names and rupees as numbers', async () => {
    const rows = await exported('paymentMethod=card');
    expect(rows.map((r) => Number(r.id))).toEqual([ids.zoya, ids.ravi]);
    expect(Object.keys(rows[0]!)).toEqual([
      'id',
      'createdAt',
      'updatedAt',
      'status',
      'paymentMethod',
      'payment.status',
      'totalAmount',
      'totalItems',
      'user',
      'selectedAddress.name',
      'selectedAddress.email',
      'selectedAddress.phone',
      'selectedAddress.street',
      'selectedAddress.city',
      'selectedAddress.state',
      'selectedAddress.pinCode',
      'items',
    ]);
    expect(rows[1]).toMatchObject({
      status: 'dispatched',
      paymentMethod: 'card',
      'payment.status': 'paid',
      'selectedAddress.name': 'Lakshmi Menon',
      totalItems: '1',
      createdAt: '2026-03-01T18:40:00.000Z',
    });
    expect(Number(rows[1]!.totalAmount)).toBeGreaterThan(0);
    expect(rows[1]!.items).toMatch(/^1 × Banarasi Silk Saree \w+ \(#aa2233, 42 in\)$/);
    expect((await exported('search=lakshmi&status=dispatched')).map((r) => Number(r.id))).toEqual([ids.ravi]);
    expect(await exported('status=pending&from=2026-04-01')).toEqual([]);
  });

  it('refuses bad filters with 400 as the list does, and is for admins only', async () => {
    const res = await t.app.inject({ url: '/api/orders/export?status=lost', headers: { cookie: admin } });
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'Invalid status' }]);
    const user = await shopper(t.db);
    expect(
      (await t.app.inject({ url: '/api/orders/export', headers: { cookie: user.cookie } })).statusCode,
    ).toBe(403);
  });
});

describe('the orders of packing slips', () => {
  it('gives the listed orders asked for, in that order, with their items, leaving out unknown ids', async () => {
    const res = await t.app.inject({
      url: `/api/orders/slips?ids=${ids.zoya},999999,${ids.meera},${ids.zoya}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    const slips = res.json<{ id: number; items: unknown[]; selectedAddress: { name: string } }[]>();
    expect(slips.map((o) => [o.id, o.selectedAddress.name, o.items.length])).toEqual([
      [ids.zoya, 'Zoya Khan', 1],
      [ids.meera, 'Meera Iyer', 1],
    ]);
  });

  it('refuses no ids, a bad id or more than 100 with 400 and a message', async () => {
    for (const [q, message] of [
      ['', 'Choose the orders to print'],
      ['ids=1,x', 'Choose up to 100 orders to print'],
      [`ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, 'Choose up to 100 orders to print'],
      ['ids=9999999999', 'Choose up to 100 orders to print'],
    ]) {
      const res = await t.app.inject({ url: `/api/orders/slips?${q}`, headers: { cookie: admin } });
      expect([q, res.statusCode, res.json()]).toEqual([q, 400, { message }]);
    }
  });
});
