import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertCartLine, insertProduct, shopper } from '../../test/commerce.ts';
import { cartItems } from '../modules/cart/cart.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const add = (cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/cart', headers: { cookie }, payload });

describe('the cart', () => {
  it('adds an item and replies 201 with the product filled in, prices in rupees', async () => {
    const { cookie } = await shopper(t.db);
    const p = await insertProduct(t.db, { title: 'Mysore Silk', brand: 'Kanjivaram House', price: 2499, discountPercentage: 10, stock: 7 });
    const res = await add(cookie, { product: p.id, quantity: 2, color: '#aa2233', size: 42 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      quantity: 2,
      color: '#aa2233',
      size: 42,
      product: {
        id: p.id,
        title: 'Mysore Silk',
        brand: 'Kanjivaram House',
        thumbnail: 'https://example.com/thumb.webp',
        discountedPrice: 2249,
        price: 2499,
        discountPercentage: 10,
        stock: 7,
        deleted: false,
        category: 'sarees',
        hsn: null,
        gstRatePercent: null,
        sizeUnit: 'in',
      },
      // One shared stock: no variant (decision 036).
      variant: null,
    });
    const list = await t.app.inject({ url: '/api/cart', headers: { cookie } });
    expect(list.json()).toEqual([res.json()]);
  });

  it('refuses the same product, colour and size twice with Product already in cart', async () => {
    const { cookie } = await shopper(t.db);
    const p = await insertProduct(t.db);
    expect((await add(cookie, { product: p.id, quantity: 1, color: '#aa2233', size: 42 })).statusCode).toBe(201);
    const again = await add(cookie, { product: p.id, quantity: 1, color: '#aa2233', size: 42 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Product already in cart' });
    // Another size of the same product is another line.
    expect((await add(cookie, { product: p.id, quantity: 1, color: '#aa2233', size: 44 })).statusCode).toBe(201);
  });

  it('lets only one of two racing identical adds in', async () => {
    const { user, cookie } = await shopper(t.db);
    const p = await insertProduct(t.db);
    const body = { product: p.id, quantity: 1, color: '#aa2233', size: 42 };
    const codes = (await Promise.all([add(cookie, body), add(cookie, body), add(cookie, body)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toHaveLength(1);
  });

  it('refuses a product with no stock with {title} is out of stock', async () => {
    const { cookie } = await shopper(t.db);
    const p = await insertProduct(t.db, { title: 'Paithani Saree', stock: 0 });
    const res = await add(cookie, { product: p.id, quantity: 1, color: '#aa2233', size: 42 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Paithani Saree is out of stock' });
  });

  it('refuses a quantity above the stock with the out-of-stock message', async () => {
    const { cookie } = await shopper(t.db);
    const p = await insertProduct(t.db, { title: 'Chanderi Saree', stock: 3 });
    const res = await add(cookie, { product: p.id, quantity: 4, color: '#aa2233', size: 42 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Chanderi Saree is out of stock' });
    expect((await add(cookie, { product: p.id, quantity: 3, color: '#aa2233', size: 42 })).statusCode).toBe(201);
  });

  it('refuses a colour or size the product does not have', async () => {
    const { cookie } = await shopper(t.db);
    const p = await insertProduct(t.db, { colors: ['#aa2233'], sizes: [42] });
    const badColor = await add(cookie, { product: p.id, quantity: 1, color: '#000000', size: 42 });
    expect(badColor.statusCode).toBe(400);
    expect(badColor.json()).toEqual({ message: 'Please select a color' });
    const badSize = await add(cookie, { product: p.id, quantity: 1, color: '#aa2233', size: 40 });
    expect(badSize.statusCode).toBe(400);
    expect(badSize.json()).toEqual({ message: 'Please select a size' });
  });

  it('asks for a colour and a size when they are missing', async () => {
    const { cookie } = await shopper(t.db);
    const p = await insertProduct(t.db);
    expect((await add(cookie, { product: p.id, quantity: 1, size: 42 })).json()).toEqual({ message: 'Please select a color' });
    expect((await add(cookie, { product: p.id, quantity: 1, color: '#aa2233' })).json()).toEqual({ message: 'Please select a size' });
    expect(await t.db.select().from(cartItems)).toHaveLength(0);
  });

  it('answers 404 for an unknown or deleted product', async () => {
    const { cookie } = await shopper(t.db);
    const gone = await insertProduct(t.db, { deleted: true });
    expect((await add(cookie, { product: gone.id, quantity: 1, color: '#aa2233', size: 42 })).statusCode).toBe(404);
    expect((await add(cookie, { product: 999_999, quantity: 1, color: '#aa2233', size: 42 })).statusCode).toBe(404);
  });

  it('changes a quantity within the stock and refuses more', async () => {
    const { user, cookie } = await shopper(t.db);
    const p = await insertProduct(t.db, { title: 'Kota Doria', stock: 5 });
    const line = await insertCartLine(t.db, user.id, p.id, 1);
    const ok = await t.app.inject({ method: 'PATCH', url: `/api/cart/${line.id}`, headers: { cookie }, payload: { quantity: 5 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: line.id, quantity: 5, product: { id: p.id, stock: 5 } });
    const tooMany = await t.app.inject({ method: 'PATCH', url: `/api/cart/${line.id}`, headers: { cookie }, payload: { quantity: 6 } });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ message: 'Kota Doria is out of stock' });
    const zero = await t.app.inject({ method: 'PATCH', url: `/api/cart/${line.id}`, headers: { cookie }, payload: { quantity: 0 } });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ message: 'Quantity must be at least 1' });
  });

  it('removes one item, then empties the cart', async () => {
    const { user, cookie } = await shopper(t.db);
    const a = await insertCartLine(t.db, user.id, (await insertProduct(t.db)).id);
    await insertCartLine(t.db, user.id, (await insertProduct(t.db)).id);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/cart/${a.id}`, headers: { cookie } });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ id: a.id });
    expect((await t.app.inject({ url: '/api/cart', headers: { cookie } })).json()).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: { cookie } })).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/cart', headers: { cookie } })).json()).toEqual([]);
  });

  it("answers 404 for another user's item and leaves it alone", async () => {
    const owner = await shopper(t.db);
    const other = await shopper(t.db);
    const line = await insertCartLine(t.db, owner.user.id, (await insertProduct(t.db)).id, 2);
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/cart/${line.id}`, headers: { cookie: other.cookie }, payload: { quantity: 1 } });
    expect(patch.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/cart/${line.id}`, headers: { cookie: other.cookie } });
    expect(del.statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: '/api/cart', headers: { cookie: other.cookie } });
    expect((await t.app.inject({ url: '/api/cart', headers: { cookie: other.cookie } })).json()).toEqual([]);
    const [kept] = await t.db.select().from(cartItems).where(eq(cartItems.id, line.id));
    expect(kept?.quantity).toBe(2);
  });

  it('asks a signed-out visitor to sign in', async () => {
    const res = await t.app.inject({ url: '/api/cart' });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/cart', payload: {} })).statusCode).toBe(401);
  });
});

describe('a guest cart', () => {
  const quote = (items: unknown[]) => t.app.inject({ method: 'POST', url: '/api/cart/quote', payload: { items } });
  const merge = (cookie: string, items: unknown[], key?: string) =>
    t.app.inject({ method: 'POST', url: '/api/cart/merge', headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) }, payload: { items } });

  it('is priced by the server for anyone, each line capped by the stock, what changed named', async () => {
    const silk = await insertProduct(t.db, { title: 'Mysore Silk', price: 2499, discountPercentage: 10, stock: 3 });
    const cotton = await insertProduct(t.db, { title: 'Chanderi Cotton', stock: 0 });
    const gone = await insertProduct(t.db, { title: 'Retired Saree', deleted: true });
    const res = await quote([
      { product: silk.id, quantity: 2, color: '#AA2233', size: 42 },
      { product: silk.id, quantity: 2, color: '#aa2233', size: 42 },
      { product: cotton.id, quantity: 1, color: '#aa2233', size: 42 },
      { product: gone.id, quantity: 1, color: '#aa2233', size: 42 },
      { product: silk.id, quantity: 1, color: '#000000', size: 42 },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({ id: 1, quantity: 3, color: '#aa2233', size: 42, product: { id: silk.id, discountedPrice: 2249, stock: 3 } });
    expect(body.changes).toEqual([
      { product: silk.id, title: 'Mysore Silk', color: '#aa2233', size: 42, asked: 4, kept: 3, reason: 'capped' },
      { product: cotton.id, title: 'Chanderi Cotton', color: '#aa2233', size: 42, asked: 1, kept: 0, reason: 'out_of_stock' },
      { product: gone.id, title: '', color: '#aa2233', size: 42, asked: 1, kept: 0, reason: 'unavailable' },
      { product: silk.id, title: 'Mysore Silk', color: '#000000', size: 42, asked: 1, kept: 0, reason: 'unavailable' },
    ]);
    expect(await t.db.select().from(cartItems)).toEqual([]);
  });

  it('refuses a malformed cart with 400 and a clear message', async () => {
    const p = await insertProduct(t.db);
    const line = { product: p.id, quantity: 1, color: '#aa2233', size: 42 };
    for (const [items, message] of [
      [[{ ...line, quantity: 0 }], 'Quantity must be at least 1'],
      [[{ ...line, color: 'red' }], 'Please select a color'],
      [Array.from({ length: 51 }, () => line), 'A cart holds at most 50 lines'],
    ] as const) {
      const res = await quote(items as unknown[]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('joins the account’s cart at sign-in: the same line adds up, capped by the stock, and the shopper is told', async () => {
    const { user, cookie } = await shopper(t.db);
    const silk = await insertProduct(t.db, { title: 'Mysore Silk', stock: 5 });
    const cotton = await insertProduct(t.db, { title: 'Chanderi Cotton', stock: 4 });
    await insertCartLine(t.db, user.id, silk.id, 3);
    const res = await merge(cookie, [
      { product: silk.id, quantity: 4, color: '#aa2233', size: 42 },
      { product: cotton.id, quantity: 2, color: '#112233', size: 44 },
    ], 'merge-1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { product: { id: number }; quantity: number }) => [i.product.id, i.quantity])).toEqual([[silk.id, 5], [cotton.id, 2]]);
    expect(body.changes).toEqual([{ product: silk.id, title: 'Mysore Silk', color: '#aa2233', size: 42, asked: 4, kept: 2, reason: 'capped' }]);
    expect(await t.app.inject({ url: '/api/cart', headers: { cookie } }).then((r) => r.json())).toEqual(body.items);

    // The same request again (a lost reply) adds nothing.
    const again = await merge(cookie, [{ product: cotton.id, quantity: 2, color: '#112233', size: 44 }], 'merge-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ items: body.items, changes: [] });
  });

  it('merges only into the caller’s own cart, and not at all signed out', async () => {
    const a = await shopper(t.db);
    const b = await shopper(t.db);
    const p = await insertProduct(t.db, { stock: 5 });
    expect((await merge('', [{ product: p.id, quantity: 1, color: '#aa2233', size: 42 }])).statusCode).toBe(401);
    expect((await merge(a.cookie, [{ product: p.id, quantity: 1, color: '#aa2233', size: 42 }], 'shared-key')).statusCode).toBe(200);
    const cartOf = async (cookie: string) =>
      (await t.app.inject({ url: '/api/cart', headers: { cookie } })).json<{ product: { id: number }; quantity: number }[]>();
    const aCart = await cartOf(a.cookie);
    // The same key from another shopper is that shopper's own request.
    const other = await insertProduct(t.db, { stock: 5 });
    expect((await merge(b.cookie, [{ product: other.id, quantity: 2, color: '#aa2233', size: 42 }], 'shared-key')).statusCode).toBe(200);
    const rows = await t.db.select().from(cartItems).orderBy(cartItems.id);
    expect(rows.map((r) => [r.userId, r.productId, r.quantity])).toEqual([
      [a.user.id, p.id, 1],
      [b.user.id, other.id, 2],
    ]);
    expect((await cartOf(b.cookie)).map((i) => [i.product.id, i.quantity])).toEqual([[other.id, 2]]);
    expect(await cartOf(a.cookie)).toEqual(aCart);
  });
});
