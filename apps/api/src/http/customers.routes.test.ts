import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CustomerDetail, CustomerList, Order, PaymentInitiation } from '@shop/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertCartLine, insertProduct, orderPayload, shopper } from '../../test/commerce.ts';
import { restore } from '../lib/csv.ts';
import { reviews } from '../modules/reviews/reviews.table.ts';
import { users } from '../modules/users/users.table.ts';
import { wishlistItems } from '../modules/wishlist/wishlist.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Who = Awaited<ReturnType<typeof shopper>>;
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, who?: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload && { payload }) });

/** A shopper with their own name, email and phone (the helper gives everyone the same phone). */
async function customer(name: string, email: string, phoneNumber = '+919820012345') {
  const who = await shopper(t.db);
  await t.db.update(users).set({ name, email, phoneNumber }).where(eq(users.id, who.user.id));
  return who;
}

async function cashOrder(who: Who, productId: number, quantity = 1): Promise<Order> {
  await insertCartLine(t.db, who.user.id, productId, quantity);
  const res = await inject('POST', '/api/orders', who, orderPayload('cash'));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Order>();
}

/** A card order paid through the built-in test provider, as the browser's checkout does it. */
async function cardOrder(who: Who, productId: number, pay = true) {
  await insertCartLine(t.db, who.user.id, productId, 1);
  const started = await inject('POST', '/api/payment/initiate', who, orderPayload('card'));
  expect(started.statusCode, started.body).toBe(201);
  if (!pay) return undefined;
  const signed = await inject('POST', '/api/payment/test-sign', who, {
    order_id: started.json<PaymentInitiation>().paymentId,
  });
  const paid = await inject('POST', '/api/payment/verify', undefined, signed.json());
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json<Order>();
}

async function deliverAndReturn(boss: Who, who: Who, order: Order) {
  expect(
    (
      await inject('POST', `/api/orders/${order.id}/shipments`, boss, {
        courier: 'manual',
        courierName: 'Delhivery',
        awb: `DLV${order.id}00123`,
      })
    ).statusCode,
  ).toBe(201);
  expect((await inject('PATCH', `/api/orders/${order.id}`, boss, { status: 'delivered' })).statusCode).toBe(
    200,
  );
  const asked = await inject('POST', `/api/orders/${order.id}/returns`, who, {
    items: [{ itemId: order.items[0]!.id, quantity: 1, reason: 'size' }],
    refundTo: { upi: 'asha.rao@okaxis' },
  });
  expect(asked.statusCode, asked.body).toBe(201);
}

const list = async (who: Who, query = '') => {
  const res = await inject('GET', `/api/customers${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CustomerList>();
};

describe('Admin → Customers: the list', () => {
  it('works out each shopper’s figures from their orders: cash and card, one cancelled, one returned', async () => {
    const boss = await shopper(t.db, 'admin');
    const product = await insertProduct(t.db, { price: 1000, discountPercentage: 0, stock: 50 });
    const asha = await customer('Asha Rao', 'asha@example.com');
    const ravi = await customer('Ravi Kumar', 'ravi@example.com');
    await shopper(t.db, 'staff');
    const gone = await customer('Gone Away', 'gone@example.com');
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user.id));

    const returned = await cashOrder(asha, product.id, 2);
    await deliverAndReturn(boss, asha, returned);
    const card = (await cardOrder(asha, product.id))!;
    const cancelled = await cashOrder(asha, product.id, 3);
    expect(
      (await inject('PATCH', `/api/orders/${cancelled.id}`, boss, { status: 'cancelled' })).statusCode,
    ).toBe(200);
    // Ravi's card order was never paid: no order the shop sees.
    await cardOrder(ravi, product.id, false);

    const found = await list(boss);
    expect(found.total).toBe(2);
    // Newest accounts first; staff, the owner and the deleted account are not customers.
    expect(found.customers.map((c) => c.name)).toEqual(['Ravi Kumar', 'Asha Rao']);
    const [r, a] = found.customers;
    expect(a).toEqual({
      id: asha.user.id,
      name: 'Asha Rao',
      email: 'asha@example.com',
      phoneNumber: '+919820012345',
      createdAt: asha.user.createdAt.toISOString(),
      ordersCount: 3,
      // The cancelled order is counted but not spent; the returned one stays spent (its refund is apart).
      totalSpentRupees: returned.totalAmount + card.totalAmount,
      lastOrderAt: cancelled.createdAt,
      // One cash order of the two not cancelled.
      codSharePercent: 50,
      returnsCount: 1,
    });
    // Two ₹1,000 pieces and one by card; the three cancelled ones (₹3,000) are not in it.
    expect([a!.totalSpentRupees, cancelled.totalAmount]).toEqual([3000, 3000]);
    expect(r).toMatchObject({
      id: ravi.user.id,
      ordersCount: 0,
      totalSpentRupees: 0,
      lastOrderAt: null,
      codSharePercent: 0,
      returnsCount: 0,
    });
  });

  it('finds a customer by name, email or phone, whatever the case, and takes % literally', async () => {
    const boss = await shopper(t.db, 'admin');
    await customer('Asha Rao', 'asha.rao@example.com', '+91 98200 11111');
    await customer('Meera Iyer', 'meera@sareepari.example', '+919876543210');
    await customer('Kavya 100% Silk', 'kavya@example.com', '+919000000000');
    const names = async (search: string) =>
      (await list(boss, `?search=${encodeURIComponent(search)}`)).customers.map((c) => c.name);

    expect(await names('ASHA')).toEqual(['Asha Rao']);
    expect(await names('iyer')).toEqual(['Meera Iyer']);
    expect(await names('SareePari.EXAMPLE')).toEqual(['Meera Iyer']);
    expect(await names('98765 43210')).toEqual(['Meera Iyer']);
    expect(await names('9820011111')).toEqual(['Asha Rao']);
    expect(await names('100%')).toEqual(['Kavya 100% Silk']);
    expect(await names('%')).toEqual(['Kavya 100% Silk']);
    expect(await names('nobody')).toEqual([]);
    expect((await list(boss, '?search=@example.com')).total).toBe(2);
  });

  it('pages 20 at a time, and refuses a bad page or a long search with 400 and a message', async () => {
    const boss = await shopper(t.db, 'admin');
    for (let i = 1; i <= 23; i++)
      await customer(`Shopper ${String(i).padStart(2, '0')}`, `s${i}@example.com`);
    const first = await list(boss);
    expect([first.total, first.customers.length, first.customers[0]!.name]).toEqual([23, 20, 'Shopper 23']);
    const second = await list(boss, '?page=2');
    expect([second.total, second.customers.map((c) => c.name)]).toEqual([
      23,
      ['Shopper 03', 'Shopper 02', 'Shopper 01'],
    ]);
    expect((await list(boss, '?page=3')).customers).toEqual([]);

    for (const query of [
      '?page=0',
      '?page=abc',
      '?page=1e3',
      `?search=${'a'.repeat(101)}`,
      '?search=a&search=b',
    ]) {
      const res = await inject('GET', `/api/customers${query}`, boss);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toBeTruthy();
    }
    expect((await inject('GET', `/api/customers?search=${'a'.repeat(101)}`, boss)).json()).toEqual({
      message: 'Search is at most 100 characters',
    });
  });

  it('lets staff and the owner in, refuses shoppers with 403 and visitors with 401', async () => {
    const staff = await shopper(t.db, 'staff');
    const other = await customer('Ravi Kumar', 'ravi@example.com');
    expect((await list(staff)).total).toBe(1);
    expect((await inject('GET', '/api/customers', other)).statusCode).toBe(403);
    expect((await inject('GET', `/api/customers/${other.user.id}`, other)).statusCode).toBe(403);
    expect((await inject('GET', '/api/customers')).statusCode).toBe(401);
  });
});

describe('Admin → Customers: one customer', () => {
  it('shows their figures, addresses, orders newest first, reviews of any status and wishlist count', async () => {
    const boss = await shopper(t.db, 'staff');
    const saree = await insertProduct(t.db, { title: 'Kanjivaram Gold', price: 2000, discountPercentage: 0 });
    const kurta = await insertProduct(t.db, { title: 'Chikankari Kurta', price: 900, discountPercentage: 0 });
    const asha = await customer('Asha Rao', 'asha@example.com');
    const address = {
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '+919820012345',
      street: '12 Linking Road',
      city: 'Mumbai',
      state: 'Maharashtra',
      pinCode: '400050',
    };
    expect(
      (await inject('PATCH', `/api/users/${asha.user.id}`, asha, { addresses: [address] })).statusCode,
    ).toBe(200);
    const first = await cashOrder(asha, saree.id, 2);
    const second = (await cardOrder(asha, kurta.id))!;
    await t.db.insert(reviews).values([
      {
        productId: saree.id,
        userId: asha.user.id,
        rating: 5,
        title: 'Pure zari',
        body: 'Lovely',
        status: 'published',
        createdAt: new Date('2026-11-01T10:00:00Z'),
      },
      {
        productId: kurta.id,
        userId: asha.user.id,
        rating: 2,
        title: 'Thin cloth',
        body: 'Meh',
        status: 'pending',
        createdAt: new Date('2026-11-02T10:00:00Z'),
      },
    ]);
    await t.db.insert(wishlistItems).values([
      { userId: asha.user.id, productId: saree.id, mailedPricePaise: 200000 },
      { userId: asha.user.id, productId: kurta.id, mailedPricePaise: 90000 },
    ]);

    const res = await inject('GET', `/api/customers/${asha.user.id}`, boss);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<CustomerDetail>();
    expect(detail).toMatchObject({
      id: asha.user.id,
      name: 'Asha Rao',
      ordersCount: 2,
      totalSpentRupees: first.totalAmount + second.totalAmount,
      codSharePercent: 50,
      returnsCount: 0,
      wishlistCount: 2,
    });
    expect(detail.addresses).toEqual([expect.objectContaining(address)]);
    expect(detail.orders).toEqual([
      {
        id: second.id,
        createdAt: second.createdAt,
        status: 'pending',
        paymentMethod: 'card',
        totalAmount: second.totalAmount,
        items: 1,
      },
      {
        id: first.id,
        createdAt: first.createdAt,
        status: 'pending',
        paymentMethod: 'cash',
        totalAmount: first.totalAmount,
        items: 2,
      },
    ]);
    expect(detail.reviews.map((r) => [r.productTitle, r.rating, r.title, r.status])).toEqual([
      ['Chikankari Kurta', 2, 'Thin cloth', 'pending'],
      ['Kanjivaram Gold', 5, 'Pure zari', 'published'],
    ]);
  });

  it('answers 404 for an unknown id, staff, the owner and a deleted account, and never a 500 for a strange id', async () => {
    const boss = await shopper(t.db, 'admin');
    const staff = await shopper(t.db, 'staff');
    const gone = await customer('Gone Away', 'gone@example.com');
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user.id));
    for (const id of [999_999, staff.user.id, boss.user.id, gone.user.id]) {
      const res = await inject('GET', `/api/customers/${id}`, boss);
      expect([res.statusCode, res.json()], String(id)).toEqual([404, { message: 'Customer not found' }]);
    }
    for (const id of ['1e3', '0', '-1', 'abc', '99999999999', '1.5']) {
      const res = await inject('GET', `/api/customers/${id}`, boss);
      expect([400, 404], id).toContain(res.statusCode);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
  });
});

describe('Admin → Customers: the CSV', () => {
  it('downloads every customer with a header row, their figures, and no cell that starts a formula', async () => {
    const boss = await shopper(t.db, 'admin');
    const product = await insertProduct(t.db, { price: 1000, discountPercentage: 0 });
    const asha = await customer('Asha Rao', 'asha@example.com');
    const order = await cashOrder(asha, product.id);
    await customer('=HYPERLINK("http://evil.example","Click")', 'evil@example.com', '+919000000001');

    const res = await inject('GET', '/api/customers/export', boss);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="customers.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'id,name,email,phone,createdAt,ordersCount,totalSpent,lastOrderAt,codSharePercent,returnsCount',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^\d+,"'=HYPERLINK\(""http:\/\/evil\.example"",""Click""\)",evil@example\.com,'\+919000000001,/,
    );
    expect(lines[2]).toBe(
      `${asha.user.id},Asha Rao,asha@example.com,'+919820012345,${asha.user.createdAt.toISOString()},1,${order.totalAmount},${order.createdAt},100,0`,
    );
    // Every text cell comes back as typed.
    expect(restore("'=HYPERLINK")).toBe('=HYPERLINK');
    for (const line of lines.slice(1))
      for (const cell of line.split(',')) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('exports only what the search finds, across batches, and is the owner’s alone', async () => {
    const boss = await shopper(t.db, 'admin');
    const staff = await shopper(t.db, 'staff');
    await customer('Asha Rao', 'asha@example.com');
    await customer('Meera Iyer', 'meera@example.com');
    const res = await inject('GET', '/api/customers/export?search=meera', boss);
    expect(
      res.body
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',')[1]),
    ).toEqual(['Meera Iyer']);
    // More than one batch of 1,000: each customer once, newest first.
    await t.db
      .insert(users)
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          name: `Bulk ${i}`,
          email: `bulk${i}@example.com`,
          phoneNumber: '+919000000000',
          passwordHash: 'x',
        })),
      );
    const all = (await inject('GET', '/api/customers/export', boss)).body
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => Number(l.split(',')[0]));
    expect(all).toHaveLength(1002);
    expect(new Set(all).size).toBe(1002);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect((await inject('GET', '/api/customers/export', staff)).statusCode).toBe(403);
    expect((await inject('GET', `/api/customers/export?search=${'x'.repeat(101)}`, boss)).statusCode).toBe(
      400,
    );
    // Refused by the database before the first byte: still { message }, not a cut CSV.
    for (const url of ['/api/customers/export?search=%00', '/api/customers?search=a%00b']) {
      const res = await inject('GET', url, boss);
      expect([res.statusCode, res.json()], url).toEqual([
        400,
        { message: 'Invalid characters or values in the request' },
      ]);
    }
  });
});
