import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { needsRefund, type AdminOrderList, type Order, type OrderStatusEvent, type OwnerOrderList, type PaymentInitiation } from '@shop/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  insertCartLine,
  insertProduct,
  orderPayload,
  placeCashOrder,
  productStock,
  shopper,
  testAddress,
} from '../../test/commerce.ts';
import { rows } from '../../test/security/invariants.ts';
import { cartItems } from '../modules/cart/cart.table.ts';
import { products } from '../modules/products/products.table.ts';
import { orders } from '../modules/orders/orders.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const postOrder = (
  cookie: string,
  payload: unknown = orderPayload('cash'),
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie, ...headers },
    payload: payload as object,
  });

describe('placing a cash order', () => {
  it('builds the order from the cart with server prices, empties the cart and takes the stock', async () => {
    const me = await shopper(t.db);
    const silk = await insertProduct(t.db, {
      title: 'Mysore Silk',
      price: 2499,
      discountPercentage: 10,
      stock: 5,
    });
    const cotton = await insertProduct(t.db, {
      title: 'Bengal Cotton',
      price: 899.5,
      discountPercentage: 0,
      stock: 9,
    });
    await insertCartLine(t.db, me.user.id, silk.id, 2, '#aa2233', 42);
    await insertCartLine(t.db, me.user.id, cotton.id, 3, '#112233', 44);

    const res = await postOrder(me.cookie);
    expect(res.statusCode).toBe(201);
    const order = res.json<Order>();
    // 2 × ₹2,249 + 3 × ₹900: ₹2,249.10 and ₹899.50 sold at whole rupees (issue 15).
    expect(order).toEqual({
      id: expect.any(Number),
      items: [
        {
          id: expect.any(Number),
          quantity: 2,
          color: '#aa2233',
          size: 42,
          product: { id: silk.id, title: 'Mysore Silk', brand: 'Kanjivaram House', category: 'sarees', thumbnail: 'https://example.com/thumb.webp', price: 2499, discountPercentage: 10, discountedPrice: 2249, hsn: null, gstRatePercent: null, sizeUnit: 'in' },
          // One shared stock: no variant (decision 036).
          variant: null,
          discountRupees: 0,
        },
        {
          id: expect.any(Number),
          quantity: 3,
          color: '#112233',
          size: 44,
          product: { id: cotton.id, title: 'Bengal Cotton', brand: 'Kanjivaram House', category: 'sarees', thumbnail: 'https://example.com/thumb.webp', price: 899.5, discountPercentage: 0, discountedPrice: 900, hsn: null, gstRatePercent: null, sizeUnit: 'in' },
          variant: null,
          discountRupees: 0,
        },
      ],
      totalAmount: 7198,
      totalItems: 5,
      user: me.user.id,
      paymentMethod: 'cash',
      payment: { paymentMethod: 'cash', status: 'pending' },
      selectedAddress: testAddress,
      status: 'pending',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      // Issue 15: a cash sale is invoiced as it is placed.
      invoiceNumber: expect.stringMatching(/^INV\/\d\d-\d\d\/000001$/),
      creditNoteNumber: null,
      // The shop's defaults: no COD fee, no confirmation step (docs/product.md, Cash on delivery).
      codFee: 0,
      prepaidDiscount: 0,
      confirmation: 'not_needed',
      confirmBy: null,
      cashCollected: false,
      // docs/product.md, Shipping: the shop has it, with no charge until the owner sets rates.
      stage: 'confirmed',
      shippingRupees: 0,
      shipment: null,
      // docs/product.md, Returns: a sale, not an exchange's order.
      exchangeOf: null,
      exchangeCredit: 0,
      discounts: [],
    });
    expect(await productStock(t.db, silk.id)).toBe(3);
    expect(await productStock(t.db, cotton.id)).toBe(6);
    expect(await t.db.select().from(cartItems)).toHaveLength(0);
    const owner = await t.app.inject({ url: '/api/orders/owner', headers: { cookie: me.cookie } });
    expect(owner.json<OwnerOrderList>()).toEqual({ orders: [{ ...order, cancellation: null }], totalOrders: 1 });
  });

  it('ignores a body that claims another user, another status, other items and a ₹1 total', async () => {
    const me = await shopper(t.db);
    const victim = await shopper(t.db);
    const p = await insertProduct(t.db, { price: 5000, discountPercentage: 0, stock: 4 });
    await insertCartLine(t.db, me.user.id, p.id, 1);
    const forged = orderPayload('cash', {
      user: victim.user.id,
      status: 'delivered',
      totalAmount: 1,
      totalItems: 100,
      items: [{ id: 1, quantity: 100, product: { id: p.id, price: 1, discountedPrice: 1 } }],
      payment: { paymentMethod: 'cash', status: 'paid' },
    });
    const res = await postOrder(me.cookie, forged);
    expect(res.statusCode).toBe(201);
    expect(res.json<Order>()).toMatchObject({
      user: me.user.id,
      status: 'pending',
      totalAmount: 5000,
      totalItems: 1,
      payment: { status: 'pending' },
    });
    expect(res.json<Order>().items).toHaveLength(1);
    expect(await productStock(t.db, p.id)).toBe(3);
    const [row] = await t.db.select().from(orders);
    expect(row).toMatchObject({ userId: me.user.id, totalAmountPaise: 500_000, status: 'pending' });
  });

  it('answers 400 Your cart is empty for an empty cart', async () => {
    const me = await shopper(t.db);
    const res = await postOrder(me.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Your cart is empty' });
  });

  it('asks for an address and a payment method', async () => {
    const me = await shopper(t.db);
    await insertCartLine(t.db, me.user.id, (await insertProduct(t.db)).id);
    for (const payload of [{ paymentMethod: 'cash' }, { selectedAddress: testAddress }, {}]) {
      const res = await postOrder(me.cookie, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Please select address and payment method' });
    }
    expect(await t.db.select().from(orders)).toHaveLength(0);
  });

  it('refuses card on POST /orders: card goes through the payment window', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { stock: 2 });
    await insertCartLine(t.db, me.user.id, p.id);
    const res = await postOrder(me.cookie, orderPayload('card'));
    expect(res.statusCode).toBe(400);
    expect(await productStock(t.db, p.id)).toBe(2);
    expect(await t.db.select().from(orders)).toHaveLength(0);
  });

  it('answers 409 {title} is out of stock and changes nothing: stock, cart and orders stay', async () => {
    const me = await shopper(t.db);
    const plenty = await insertProduct(t.db, { title: 'Tussar Silk', stock: 10 });
    const scarce = await insertProduct(t.db, { title: 'Patola Saree', stock: 1 });
    await insertCartLine(t.db, me.user.id, plenty.id, 3);
    await insertCartLine(t.db, me.user.id, scarce.id, 1);
    // Someone else bought the last Patola after it went into this cart.
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, scarce.id));

    const res = await postOrder(me.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Patola Saree is out of stock' });
    expect(await productStock(t.db, plenty.id)).toBe(10);
    expect(await productStock(t.db, scarce.id)).toBe(0);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, me.user.id))).toHaveLength(2);
    expect(await t.db.select().from(orders)).toHaveLength(0);
  });

  it('counts two lines of one product together against its stock', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { title: 'Ikat Saree', stock: 3 });
    await insertCartLine(t.db, me.user.id, p.id, 2, '#aa2233', 42);
    await insertCartLine(t.db, me.user.id, p.id, 2, '#112233', 42);
    const res = await postOrder(me.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Ikat Saree is out of stock' });
    expect(await productStock(t.db, p.id)).toBe(3);
  });

  it('refuses a product deleted since it went into the cart', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { title: 'Old Stock Saree', stock: 5, deleted: true });
    await insertCartLine(t.db, me.user.id, p.id, 1);
    const res = await postOrder(me.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Old Stock Saree is out of stock' });
    expect(await productStock(t.db, p.id)).toBe(5);
  });

  it('returns the first order for a retry with the same Idempotency-Key', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { stock: 5 });
    await insertCartLine(t.db, me.user.id, p.id, 2);
    const first = await postOrder(me.cookie, orderPayload('cash'), { 'idempotency-key': 'checkout-1' });
    const retry = await postOrder(me.cookie, orderPayload('cash'), { 'idempotency-key': 'checkout-1' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json<Order>().id).toBe(first.json<Order>().id);
    expect(await t.db.select().from(orders)).toHaveLength(1);
    expect(await productStock(t.db, p.id)).toBe(3);
    // A new key is a new checkout, of a cart that is now empty.
    const fresh = await postOrder(me.cookie, orderPayload('cash'), { 'idempotency-key': 'checkout-2' });
    expect(fresh.json()).toEqual({ message: 'Your cart is empty' });
  });

  it('makes one order out of concurrent retries with the same Idempotency-Key', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { stock: 5 });
    await insertCartLine(t.db, me.user.id, p.id, 1);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        postOrder(me.cookie, orderPayload('cash'), { 'idempotency-key': 'same-click' }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(replies.map((r) => r.json<Order>().id)).size).toBe(1);
    expect(await t.db.select().from(orders)).toHaveLength(1);
    expect(await productStock(t.db, p.id)).toBe(4);
  });

  it('makes one order when one cart is checked out twice at once without a key', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { stock: 10 });
    await insertCartLine(t.db, me.user.id, p.id, 2);
    const replies = await Promise.all([postOrder(me.cookie), postOrder(me.cookie), postOrder(me.cookie)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    expect(replies.filter((r) => r.statusCode === 400).map((r) => r.json())).toEqual(
      Array(2).fill({ message: 'Your cart is empty' }),
    );
    expect(await t.db.select().from(orders)).toHaveLength(1);
    expect(await productStock(t.db, p.id)).toBe(8);
  });

  it('keeps Idempotency-Keys per user', async () => {
    const a = await shopper(t.db);
    const b = await shopper(t.db);
    const p = await insertProduct(t.db, { stock: 5 });
    await insertCartLine(t.db, a.user.id, p.id);
    await insertCartLine(t.db, b.user.id, p.id);
    const ra = await postOrder(a.cookie, orderPayload('cash'), { 'idempotency-key': 'k' });
    const rb = await postOrder(b.cookie, orderPayload('cash'), { 'idempotency-key': 'k' });
    expect(rb.json<Order>().id).not.toBe(ra.json<Order>().id);
    expect(rb.json<Order>().user).toBe(b.user.id);
  });

  it('refuses an Idempotency-Key longer than 100 characters', async () => {
    const me = await shopper(t.db);
    await insertCartLine(t.db, me.user.id, (await insertProduct(t.db)).id);
    const res = await postOrder(me.cookie, orderPayload('cash'), { 'idempotency-key': 'x'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid Idempotency-Key' });
    expect(await t.db.select().from(orders)).toHaveLength(0);
  });

  it('asks a signed-out visitor to sign in', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/orders', payload: orderPayload('cash') });
    expect(res.statusCode).toBe(401);
  });
});

/** Places n one-item orders for the user and pins their times, prices and methods for sorting. */
async function seedOrders(who: { user: { id: number }; cookie: string }, n: number) {
  const placed: Order[] = [];
  for (let i = 0; i < n; i++) {
    const p = await insertProduct(t.db, {
      price: 100 * ((i * 7) % n) + 100,
      discountPercentage: 0,
      stock: 5,
    });
    const o = await placeCashOrder(t.app, t.db, who, [{ productId: p.id }]);
    await t.db
      .update(orders)
      .set({
        createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
        updatedAt: new Date(Date.UTC(2025, 5, 30 - i)),
        paymentMethod: i % 3 === 0 ? 'card' : 'cash',
        paymentStatus: i % 3 === 0 ? 'paid' : 'pending',
      })
      .where(eq(orders.id, o.id));
    placed.push(o);
  }
  return placed;
}

describe('order lists', () => {
  it('shows a shopper only their own listed orders, newest first, a page at a time', async () => {
    const me = await shopper(t.db);
    const other = await shopper(t.db);
    const mine = await seedOrders(me, 7);
    await seedOrders(other, 2);
    const ids = mine.map((o) => o.id).reverse();

    const first = await t.app.inject({
      url: '/api/orders/owner?_page=1&_per_page=5',
      headers: { cookie: me.cookie },
    });
    expect(first.statusCode).toBe(200);
    const list = first.json<OwnerOrderList>();
    expect(list.totalOrders).toBe(7);
    expect(list.orders.map((o) => o.id)).toEqual(ids.slice(0, 5));
    expect(list.orders[0]!.items).toHaveLength(1);

    const second = await t.app.inject({
      url: '/api/orders/owner/_page=2&_per_page=5',
      headers: { cookie: me.cookie },
    });
    expect(second.json<OwnerOrderList>()).toMatchObject({
      totalOrders: 7,
      orders: ids.slice(5).map((id) => ({ id })),
    });

    const beyond = await t.app.inject({
      url: '/api/orders/owner?_page=9&_per_page=5',
      headers: { cookie: me.cookie },
    });
    expect(beyond.json()).toEqual({ orders: [], totalOrders: 7 });
  });

  it('uses a page of 5 by default and refuses a nonsense page', async () => {
    const me = await shopper(t.db);
    await seedOrders(me, 6);
    const res = await t.app.inject({ url: '/api/orders/owner', headers: { cookie: me.cookie } });
    expect(res.json<OwnerOrderList>().orders).toHaveLength(5);
    const bad = await t.app.inject({ url: '/api/orders/owner?_page=0', headers: { cookie: me.cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid page' });
    const badSegment = await t.app.inject({
      url: '/api/orders/owner/_page=abc',
      headers: { cookie: me.cookie },
    });
    expect(badSegment.statusCode).toBe(400);
  });

  it('lists every listed order for an admin, createdAt descending by default', async () => {
    const a = await shopper(t.db);
    const b = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const all = [...(await seedOrders(a, 3)), ...(await seedOrders(b, 3))];
    const res = await t.app.inject({ url: '/api/orders/admin', headers: { cookie: admin.cookie } });
    const list = res.json<AdminOrderList>();
    expect(list.totalOrders).toBe(6);
    const times = list.products.map((o) => o.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(list.products.map((o) => o.id))).toEqual(new Set(all.map((o) => o.id)));
  });

  it.each<[string, (o: Order) => string | number]>([
    ['totalAmount', (o) => o.totalAmount],
    ['paymentMethod', (o) => o.paymentMethod],
    ['createdAt', (o) => o.createdAt],
    ['updatedAt', (o) => o.updatedAt],
  ])('sorts the admin list by %s both ways', async (key, value) => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    await seedOrders(me, 6);
    const cmp = (x: string | number, y: string | number) => (x < y ? -1 : x > y ? 1 : 0);
    for (const dir of ['asc', 'desc'] as const) {
      const res = await t.app.inject({
        url: `/api/orders/admin?_sort=${key}&_order=${dir}&_page=1&_per_page=12`,
        headers: { cookie: admin.cookie },
      });
      const got = res.json<AdminOrderList>().products.map(value);
      const want = [...got].sort((x, y) => (dir === 'asc' ? cmp(x, y) : cmp(y, x)));
      expect(got).toEqual(want);
      expect(new Set(got).size).toBeGreaterThan(1);
    }
  });

  it('reads the admin query from the last path segment, as older clients send it', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const placed = await seedOrders(me, 5);
    const res = await t.app.inject({
      url: '/api/orders/admin/_sort=createdAt&_order=asc&_page=2&_per_page=2&',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminOrderList>()).toMatchObject({
      totalOrders: 5,
      products: [{ id: placed[2]!.id }, { id: placed[3]!.id }],
    });
    const trailing = await t.app.inject({ url: '/api/orders/admin/', headers: { cookie: admin.cookie } });
    expect(trailing.json<AdminOrderList>().products).toHaveLength(5);
  });

  it('ignores an unknown sort key and keeps the default', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    await seedOrders(me, 3);
    const res = await t.app.inject({
      url: '/api/orders/admin?_sort=password&_order=sideways',
      headers: { cookie: admin.cookie },
    });
    const times = res.json<AdminOrderList>().products.map((o) => o.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('keeps the admin list from shoppers', async () => {
    const me = await shopper(t.db);
    expect(
      (await t.app.inject({ url: '/api/orders/admin', headers: { cookie: me.cookie } })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ url: '/api/orders/admin/_page=1', headers: { cookie: me.cookie } })).statusCode,
    ).toBe(403);
  });
});

describe('one order', () => {
  it('is shown to its owner and to an admin, and is a 404 for anyone else', async () => {
    const me = await shopper(t.db);
    const other = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const order = await placeCashOrder(t.app, t.db, me, [{ productId: (await insertProduct(t.db)).id }]);
    expect(
      (await t.app.inject({ url: `/api/orders/${order.id}`, headers: { cookie: me.cookie } })).json(),
    ).toEqual({ ...order, cancellation: null });
    expect(
      (await t.app.inject({ url: `/api/orders/${order.id}`, headers: { cookie: admin.cookie } })).json(),
    ).toEqual({ ...order, cancellation: null });
    const theirs = await t.app.inject({ url: `/api/orders/${order.id}`, headers: { cookie: other.cookie } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'Order not found' });
    expect(
      (await t.app.inject({ url: '/api/orders/999999', headers: { cookie: admin.cookie } })).statusCode,
    ).toBe(404);
  });
});

describe('changing an order status', () => {
  const patch = (cookie: string, id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/orders/${id}`, headers: { cookie }, payload });
  const reopen = (cookie: string, id: number) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${id}/reopen`, headers: { cookie }, payload: { reason: 'The shopper asked for it again' } });

  it('applies the status only and replies with the order', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const order = await placeCashOrder(t.app, t.db, me, [
      { productId: (await insertProduct(t.db, { price: 1000, discountPercentage: 0 })).id },
    ]);
    const res = await patch(admin.cookie, order.id, {
      ...order,
      status: 'dispatched',
      totalAmount: 1,
      user: admin.user.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Order>()).toMatchObject({
      id: order.id,
      status: 'dispatched',
      totalAmount: 1000,
      user: me.user.id,
    });
    expect(res.json<Order>().updatedAt >= order.updatedAt).toBe(true);
  });

  it('returns the stock on cancel and takes it again on un-cancel', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { stock: 5 });
    const order = await placeCashOrder(t.app, t.db, me, [{ productId: p.id, quantity: 2 }]);
    expect(await productStock(t.db, p.id)).toBe(3);
    expect((await patch(admin.cookie, order.id, { status: 'cancelled' })).json<Order>().status).toBe(
      'cancelled',
    );
    expect(await productStock(t.db, p.id)).toBe(5);
    // Cancelling again returns nothing more.
    await patch(admin.cookie, order.id, { status: 'cancelled' });
    expect(await productStock(t.db, p.id)).toBe(5);
    // docs/product.md, Order statuses: not at a click, only by reopening it with a reason.
    expect((await patch(admin.cookie, order.id, { status: 'pending' })).statusCode).toBe(409);
    expect(await productStock(t.db, p.id)).toBe(5);
    expect((await reopen(admin.cookie, order.id)).json<Order>().status).toBe('pending');
    expect(await productStock(t.db, p.id)).toBe(3);
    await patch(admin.cookie, order.id, { status: 'delivered' });
    expect(await productStock(t.db, p.id)).toBe(3);
  });

  it('answers 409 {title} is out of stock when un-cancelling an order whose stock is gone, and changes nothing', async () => {
    const me = await shopper(t.db);
    const rival = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { title: 'Bandhani Saree', stock: 2 });
    const order = await placeCashOrder(t.app, t.db, me, [{ productId: p.id, quantity: 2 }]);
    await patch(admin.cookie, order.id, { status: 'cancelled' });
    await placeCashOrder(t.app, t.db, rival, [{ productId: p.id, quantity: 1 }]);
    const res = await reopen(admin.cookie, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Bandhani Saree is out of stock' });
    expect(await productStock(t.db, p.id)).toBe(1);
    expect(
      (
        await t.app.inject({ url: `/api/orders/${order.id}`, headers: { cookie: admin.cookie } })
      ).json<Order>().status,
    ).toBe('cancelled');
  });

  it('is for admins only, takes a known status only, and 404s an unknown order', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const order = await placeCashOrder(t.app, t.db, me, [{ productId: (await insertProduct(t.db)).id }]);
    expect((await patch(me.cookie, order.id, { status: 'cancelled' })).statusCode).toBe(403);
    const bad = await patch(admin.cookie, order.id, { status: 'lost' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Invalid status' });
    expect((await patch(admin.cookie, 999_999, { status: 'cancelled' })).statusCode).toBe(404);
  });
});

describe("a shopper cancelling their own order", () => {
  const cancel = (cookie: string, id: number | string, payload: object = { reason: 'mistake' }) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: { cookie }, payload });
  const history = async (cookie: string, id: number) =>
    (await t.app.inject({ url: `/api/orders/${id}/history`, headers: { cookie } })).json<OrderStatusEvent[]>();
  const mailsAbout = async (id: number) =>
    rows<{ to: string; subject: string; text: string }>(
      t.db,
      sql`select data->>'to' as "to", data->>'subject' as subject, data->>'text' as text
            from pgboss.job where name = 'mail' and data->>'subject' like ${`%order #${id} %`} order by created_on`,
    );
  const orderRow = async (id: number) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  it('cancels a pending cash order, returns the stock, credits the invoice and keeps the reason in the history', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { stock: 5 });
    const order = await placeCashOrder(t.app, t.db, me, [{ productId: p.id, quantity: 2 }]);
    expect(await productStock(t.db, p.id)).toBe(3);

    const res = await cancel(me.cookie, order.id, { reason: 'better_price' });
    expect(res.statusCode).toBe(200);
    const cancelled = res.json<Order>();
    expect(cancelled).toMatchObject({ id: order.id, status: 'cancelled', invoiceNumber: order.invoiceNumber });
    expect(cancelled.creditNoteNumber).toEqual(expect.any(String));
    expect(await productStock(t.db, p.id)).toBe(5);

    // The shopper sees the reason; the admin sees who cancelled and why.
    expect((await history(me.cookie, order.id)).at(-1)).toEqual({
      from: 'pending',
      to: 'cancelled',
      at: expect.any(String),
      reason: 'better_price',
      stage: 'cancelled',
    });
    expect((await history(admin.cookie, order.id)).at(-1)).toMatchObject({
      to: 'cancelled',
      reason: 'better_price',
      by: { id: me.user.id, role: 'user' },
    });
    // A cash order owes nobody money: the shopper gets the status mail with the credit note, the shop no refund mail.
    const mails = await mailsAbout(order.id);
    expect(mails.map((m) => m.subject)).toContain(`Your Saree Pari order #${order.id} has been cancelled`);
    expect(mails.some((m) => m.subject.startsWith('Refund needed'))).toBe(false);
  });

  it('tells the shopper on their list, detail and cancel reply who cancelled and why, without a history call', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { stock: 10 });
    const [mine, shops, open] = [
      await placeCashOrder(t.app, t.db, me, [{ productId: p.id }]),
      await placeCashOrder(t.app, t.db, me, [{ productId: p.id }]),
      await placeCashOrder(t.app, t.db, me, [{ productId: p.id }]),
    ];
    const reply = (await cancel(me.cookie, mine.id, { reason: 'too_late' })).json<Order>();
    expect(reply.cancellation).toEqual({ byShopper: true, reason: 'too_late' });
    const byAdmin = await t.app.inject({ method: 'PATCH', url: `/api/orders/${shops.id}`, headers: { cookie: admin.cookie }, payload: { status: 'cancelled' } });
    expect(byAdmin.statusCode).toBe(200);

    const list = (await t.app.inject({ url: '/api/orders/owner', headers: { cookie: me.cookie } })).json<OwnerOrderList>();
    expect(Object.fromEntries(list.orders.map((o) => [o.id, o.cancellation]))).toEqual({
      [mine.id]: { byShopper: true, reason: 'too_late' },
      [shops.id]: { byShopper: false, reason: null },
      [open.id]: null,
    });
    const { cancellation, ...fields } = list.orders.find((o) => o.id === open.id)!;
    expect(cancellation).toBeNull();
    expect(fields).toEqual({ ...open, updatedAt: expect.any(String) });
    const detail = (await t.app.inject({ url: `/api/orders/${mine.id}`, headers: { cookie: me.cookie } })).json<Order>();
    expect(detail.cancellation).toEqual({ byShopper: true, reason: 'too_late' });
    expect((await t.app.inject({ url: `/api/orders/${shops.id}`, headers: { cookie: me.cookie } })).json<Order>().cancellation).toEqual({
      byShopper: false,
      reason: null,
    });
  });

  it('tells the shop to refund a paid card order and marks it as needing a refund', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { stock: 4 });
    await insertCartLine(t.db, me.user.id, p.id, 1);
    const init = await t.app.inject({ method: 'POST', url: '/api/payment/initiate', headers: { cookie: me.cookie }, payload: orderPayload('card') });
    const { paymentId, orderId } = init.json<PaymentInitiation>();
    // Awaiting payment, the order is in no list and cannot be cancelled: its hold lapses by itself.
    expect((await cancel(me.cookie, orderId)).statusCode).toBe(404);
    const paid = await t.app.inject({ method: 'POST', url: '/api/payment/verify', payload: t.app.payments.signTestPayment!(paymentId) });
    expect(paid.statusCode).toBe(200);
    expect(await productStock(t.db, p.id)).toBe(3);

    const res = await cancel(me.cookie, orderId, { reason: 'too_late' });
    expect(res.statusCode).toBe(200);
    const order = res.json<Order>();
    expect(order.payment).toEqual({ paymentMethod: 'card', status: 'paid' });
    expect(needsRefund(order)).toBe(true);
    expect(await productStock(t.db, p.id)).toBe(4);

    const refund = (await mailsAbout(orderId)).find((m) => m.subject.startsWith('Refund needed'));
    expect(refund?.to).toContain(admin.user.email);
    expect(refund?.text).toContain('It would arrive too late for me');
    expect(refund?.text).toContain(`/admin/order-detail?id=${orderId}`);
  });

  it('answers a second cancel and a cancel after dispatch with 409, and changes nothing', async () => {
    const me = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { stock: 5 });
    const first = await placeCashOrder(t.app, t.db, me, [{ productId: p.id }]);
    const second = await placeCashOrder(t.app, t.db, me, [{ productId: p.id }]);
    expect((await cancel(me.cookie, first.id)).statusCode).toBe(200);
    const before = await orderRow(first.id);
    const again = await cancel(me.cookie, first.id, { reason: 'other' });
    expect([again.statusCode, again.json()]).toEqual([409, { message: 'This order is already cancelled' }]);
    expect(await orderRow(first.id)).toEqual(before);
    expect(await productStock(t.db, p.id)).toBe(4);
    expect(await history(me.cookie, first.id)).toHaveLength(2);

    for (const status of ['dispatched', 'delivered'] as const) {
      await t.app.inject({ method: 'PATCH', url: `/api/orders/${second.id}`, headers: { cookie: admin.cookie }, payload: { status } });
      const late = await cancel(me.cookie, second.id);
      expect([late.statusCode, late.json()]).toEqual([409, { message: 'This order is already on its way and can no longer be cancelled' }]);
      expect((await orderRow(second.id)).status).toBe(status);
      expect(await productStock(t.db, p.id)).toBe(4);
    }
  });

  it("answers another shopper's, an admin's or an unknown order with 404, and changes nothing", async () => {
    const me = await shopper(t.db);
    const other = await shopper(t.db);
    const admin = await shopper(t.db, 'admin');
    const p = await insertProduct(t.db, { stock: 5 });
    const order = await placeCashOrder(t.app, t.db, me, [{ productId: p.id }]);
    for (const cookie of [other.cookie, admin.cookie]) {
      const res = await cancel(cookie, order.id);
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Order not found' }]);
    }
    expect((await cancel(me.cookie, 999_999)).statusCode).toBe(404);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await productStock(t.db, p.id)).toBe(4);
  });

  it('asks for a reason from the list, and a signed-in caller', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { stock: 5 });
    const order = await placeCashOrder(t.app, t.db, me, [{ productId: p.id }]);
    for (const payload of [{}, { reason: 'bored' }, { reason: '' }, { reason: 7 }]) {
      const res = await cancel(me.cookie, order.id, payload);
      expect([res.statusCode, res.json()]).toEqual([400, { message: 'Please choose a reason' }]);
    }
    expect((await cancel(me.cookie, 'abc')).statusCode).toBe(400);
    const out = await t.app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, payload: { reason: 'mistake' } });
    expect(out.statusCode).toBe(401);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await productStock(t.db, p.id)).toBe(4);
  });

  it('returns the stock once when two cancels of one order arrive at once', async () => {
    const me = await shopper(t.db);
    const p = await insertProduct(t.db, { stock: 5 });
    const order = await placeCashOrder(t.app, t.db, me, [{ productId: p.id, quantity: 2 }]);
    const replies = await Promise.all([cancel(me.cookie, order.id), cancel(me.cookie, order.id, { reason: 'other' })]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await productStock(t.db, p.id)).toBe(5);
    expect((await history(me.cookie, order.id)).filter((e) => e.to === 'cancelled')).toHaveLength(1);
  });
});
