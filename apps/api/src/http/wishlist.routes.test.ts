import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { WISHLIST_MAX_ITEMS, WISHLIST_MESSAGES, type Wishlist } from '@shop/shared';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/app.ts';
import { insertProduct, shopper } from '../../test/commerce.ts';
import { products, productVariants } from '../modules/products/products.table.ts';
import { stockAlerts } from '../modules/stock-alerts/stock-alerts.table.ts';
import { wishlistItems } from '../modules/wishlist/wishlist.table.ts';
import { users } from '../modules/users/users.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Who = Awaited<ReturnType<typeof shopper>>;
const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload && { payload }) });

const guestEmail = () => `guest-${randomBytes(4).toString('hex')}@example.com`;

async function mailJobs(to: string): Promise<{ subject: string; text: string }[]> {
  const found = await t.db.execute(sql`select data->>'subject' as subject, data->>'text' as text from pgboss.job where name = 'mail' and lower(data->>'to') = lower(${to}) order by created_on`);
  return (found as unknown as { rows: { subject: string; text: string }[] }).rows;
}

/** A product sold per colour × size: red M sold out, red L and blue M in stock. */
async function kurti() {
  const p = await insertProduct(t.db, { stock: 5, colors: ['#aa2233', '#112233'] });
  await t.db.update(products).set({ stockPerVariant: true }).where(eq(products.id, p.id));
  await t.db.insert(productVariants).values([
    { productId: p.id, color: '#aa2233', size: 'M', stock: 0, position: 0 },
    { productId: p.id, color: '#aa2233', size: 'L', stock: 2, position: 1 },
    { productId: p.id, color: '#112233', size: 'M', stock: 3, position: 2 },
  ]);
  return p;
}

describe('the wishlist, kept on the server for a signed-in shopper', () => {
  it('keeps a product once however often it is put, lists it newest first with its price and stock, and removes it', async () => {
    const who = await shopper(t.db);
    const saree = await insertProduct(t.db, { price: 2000, discountPercentage: 10, stock: 2 });
    const kurta = await insertProduct(t.db, { price: 1000, discountPercentage: 0, stock: 0 });
    expect((await inject('PUT', `/api/wishlist/${saree.id}`, who)).statusCode).toBe(200);
    expect((await inject('PUT', `/api/wishlist/${saree.id}`, who)).statusCode).toBe(200);
    expect((await inject('PUT', `/api/wishlist/${kurta.id}`, who)).statusCode).toBe(200);

    const list = (await inject('GET', '/api/wishlist', who)).json<Wishlist>();
    expect(list.items.map((i) => i.productId)).toEqual([kurta.id, saree.id]);
    expect(list.items[1]).toMatchObject({ title: saree.title, brand: saree.brand, price: 2000, discountedPrice: 1800, stock: 2, deleted: false });
    expect(list.items[1]).not.toHaveProperty('salePrice');
    expect(list.items[0]).toMatchObject({ stock: 0 });
    expect(await t.db.select().from(wishlistItems)).toHaveLength(2);
    const [row] = await t.db.select().from(wishlistItems).where(eq(wishlistItems.productId, saree.id));
    expect(row!.mailedPricePaise).toBe(180_000);

    expect((await inject('DELETE', `/api/wishlist/${saree.id}`, who)).statusCode).toBe(204);
    expect((await inject('DELETE', `/api/wishlist/${saree.id}`, who)).statusCode).toBe(204);
    expect((await inject('GET', '/api/wishlist', who)).json<Wishlist>().items.map((i) => i.productId)).toEqual([kurta.id]);
  });

  it('is the same list on every device of the account, and each shopper sees only their own', async () => {
    const who = await shopper(t.db);
    const other = await shopper(t.db);
    const saree = await insertProduct(t.db);
    await inject('PUT', `/api/wishlist/${saree.id}`, who);
    const phone = { ...who, cookie: (await shopper(t.db)).cookie };
    // A second session of the same account.
    const { sessionCookie } = await import('../../test/commerce.ts');
    phone.cookie = await sessionCookie(t.db, who.user.id);
    expect((await inject('GET', '/api/wishlist', phone)).json<Wishlist>().items.map((i) => i.productId)).toEqual([saree.id]);
    expect((await inject('GET', '/api/wishlist', other)).json<Wishlist>().items).toEqual([]);
  });

  it('refuses a deleted or unknown product with 404, and shows one deleted since as deleted', async () => {
    const who = await shopper(t.db);
    const gone = await insertProduct(t.db, { deleted: true });
    const res = await inject('PUT', `/api/wishlist/${gone.id}`, who);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
    expect((await inject('PUT', '/api/wishlist/999999', who)).statusCode).toBe(404);
    expect((await inject('PUT', '/api/wishlist/abc', who)).json()).toEqual({ message: 'Product not found' });

    const saree = await insertProduct(t.db);
    await inject('PUT', `/api/wishlist/${saree.id}`, who);
    await t.db.update(products).set({ deleted: true }).where(eq(products.id, saree.id));
    expect((await inject('GET', '/api/wishlist', who)).json<Wishlist>().items).toMatchObject([{ productId: saree.id, deleted: true }]);
  });

  it('answers 401 to a visitor on every wishlist call', async () => {
    const saree = await insertProduct(t.db);
    for (const [method, url, body] of [
      ['GET', '/api/wishlist'],
      ['PUT', `/api/wishlist/${saree.id}`],
      ['DELETE', `/api/wishlist/${saree.id}`],
      ['POST', '/api/wishlist/merge', { productIds: [saree.id] }],
      ['GET', '/api/wishlist/mails'],
      ['PUT', '/api/wishlist/mails', { priceDropMails: false }],
    ] as const)
      expect((await inject(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
  });

  it(`keeps at most ${WISHLIST_MAX_ITEMS} products: one more is a 409 with a message`, async () => {
    const who = await shopper(t.db);
    const many = await Promise.all(Array.from({ length: WISHLIST_MAX_ITEMS + 1 }, () => insertProduct(t.db)));
    await t.db.insert(wishlistItems).values(many.slice(0, WISHLIST_MAX_ITEMS).map((p) => ({ userId: who.user.id, productId: p.id, mailedPricePaise: p.discountedPricePaise })));
    const res = await inject('PUT', `/api/wishlist/${many.at(-1)!.id}`, who);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(WISHLIST_MESSAGES.full);
    // One already kept is still a 200.
    expect((await inject('PUT', `/api/wishlist/${many[0]!.id}`, who)).statusCode).toBe(200);
  });

  it("joins a visitor's list at sign-in: unknown and deleted products skipped, the visitor's order kept, the cap kept", async () => {
    const who = await shopper(t.db);
    const [a, b, c] = await Promise.all([insertProduct(t.db), insertProduct(t.db), insertProduct(t.db)]);
    const gone = await insertProduct(t.db, { deleted: true });
    await inject('PUT', `/api/wishlist/${c.id}`, who);
    const res = await inject('POST', '/api/wishlist/merge', who, { productIds: [a.id, 999_999, gone.id, b.id, c.id, a.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Wishlist>().items.map((i) => i.productId)).toEqual([a.id, b.id, c.id]);
    // Again: nothing new.
    expect((await inject('POST', '/api/wishlist/merge', who, { productIds: [a.id, b.id] })).json<Wishlist>().items).toHaveLength(3);

    const full = await shopper(t.db);
    const many = await Promise.all(Array.from({ length: WISHLIST_MAX_ITEMS - 1 }, () => insertProduct(t.db)));
    await t.db.insert(wishlistItems).values(many.map((p) => ({ userId: full.user.id, productId: p.id, mailedPricePaise: 1 })));
    const capped = await inject('POST', '/api/wishlist/merge', full, { productIds: [a.id, b.id] });
    expect(capped.statusCode).toBe(200);
    expect(capped.json<Wishlist>().items).toHaveLength(WISHLIST_MAX_ITEMS);
    expect(capped.json<Wishlist>().items[0]!.productId).toBe(b.id);

    const bad = await inject('POST', '/api/wishlist/merge', who, { productIds: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Product ids are numbers');
  });

  it('switches the price-drop mails off and on', async () => {
    const who = await shopper(t.db);
    expect((await inject('GET', '/api/wishlist/mails', who)).json()).toEqual({ priceDropMails: true });
    expect((await inject('PUT', '/api/wishlist/mails', who, { priceDropMails: false })).json()).toEqual({ priceDropMails: false });
    const [row] = await t.db.select({ on: users.priceDropMails }).from(users).where(eq(users.id, who.user.id));
    expect(row!.on).toBe(false);
    expect((await inject('PUT', '/api/wishlist/mails', who, { priceDropMails: 'no' })).statusCode).toBe(400);
  });
});

describe('Notify me when a sold-out product is back', () => {
  it('a signed-in shopper is subscribed at once with their account email; asking twice adds no row', async () => {
    const who = await shopper(t.db);
    const saree = await insertProduct(t.db, { stock: 0 });
    for (let i = 0; i < 2; i++) {
      const res = await inject('POST', `/api/products/${saree.id}/notify-me`, who, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'subscribed', message: WISHLIST_MESSAGES.subscribed });
    }
    const rows = await t.db.select().from(stockAlerts);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ productId: saree.id, email: who.user.email, userId: who.user.id, color: '', size: '' });
    expect(rows[0]!.confirmedAt).not.toBeNull();
    expect(await mailJobs(who.user.email)).toEqual([]);
  });

  it('a guest gets a confirmation mail with a link; the link confirms once, a bad or used one is a 404', async () => {
    const email = guestEmail();
    const saree = await insertProduct(t.db, { stock: 0 });
    const res = await inject('POST', `/api/products/${saree.id}/notify-me`, undefined, { email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'confirm', message: WISHLIST_MESSAGES.confirm });
    const [row] = await t.db.select().from(stockAlerts);
    expect(row!.confirmedAt).toBeNull();

    // Twice: no second row and no second mail within minutes.
    expect((await inject('POST', `/api/products/${saree.id}/notify-me`, undefined, { email: email.toUpperCase() })).statusCode).toBe(200);
    expect(await t.db.select().from(stockAlerts)).toHaveLength(1);
    const mails = await mailJobs(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Confirm: tell me when ${saree.title} is back`);
    const token = /notify-me\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;

    const bad = await inject('POST', '/api/notify-me/confirm', undefined, { token: 'x'.repeat(32) });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toBe(WISHLIST_MESSAGES.badLink);
    expect((await inject('POST', '/api/notify-me/confirm', undefined, { token: 'short' })).statusCode).toBe(400);

    const ok = await inject('POST', '/api/notify-me/confirm', undefined, { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: WISHLIST_MESSAGES.confirmed, productId: saree.id });
    expect((await t.db.select().from(stockAlerts))[0]!.confirmedAt).not.toBeNull();
    expect((await inject('POST', '/api/notify-me/confirm', undefined, { token })).statusCode).toBe(404);
  });

  it('a guest asking again after the link is a few minutes old gets a new link, and the old one stops working', async () => {
    const email = guestEmail();
    const saree = await insertProduct(t.db, { stock: 0 });
    await inject('POST', `/api/products/${saree.id}/notify-me`, undefined, { email });
    await t.db.update(stockAlerts).set({ createdAt: new Date(Date.now() - 11 * 60_000) });
    await inject('POST', `/api/products/${saree.id}/notify-me`, undefined, { email });
    const mails = await mailJobs(email);
    expect(mails).toHaveLength(2);
    const [first, second] = mails.map((m) => /token=([A-Za-z0-9_-]+)/.exec(m.text)![1]!);
    expect((await inject('POST', '/api/notify-me/confirm', undefined, { token: first! })).statusCode).toBe(404);
    expect((await inject('POST', '/api/notify-me/confirm', undefined, { token: second! })).statusCode).toBe(200);
  });

  it('a link older than a week has expired', async () => {
    const email = guestEmail();
    const saree = await insertProduct(t.db, { stock: 0 });
    await inject('POST', `/api/products/${saree.id}/notify-me`, undefined, { email });
    const token = /token=([A-Za-z0-9_-]+)/.exec((await mailJobs(email))[0]!.text)![1]!;
    await t.db.update(stockAlerts).set({ createdAt: new Date(Date.now() - 8 * 86_400_000) });
    expect((await inject('POST', '/api/notify-me/confirm', undefined, { token })).statusCode).toBe(404);
  });

  it('refuses what is in stock with a 409, a guest without an email with a 400, and an unknown product with a 404', async () => {
    const who = await shopper(t.db);
    const inStock = await insertProduct(t.db, { stock: 3 });
    const res = await inject('POST', `/api/products/${inStock.id}/notify-me`, who, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(WISHLIST_MESSAGES.inStock);
    const soldOut = await insertProduct(t.db, { stock: 0 });
    const noEmail = await inject('POST', `/api/products/${soldOut.id}/notify-me`, undefined, {});
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe(WISHLIST_MESSAGES.needEmail);
    expect((await inject('POST', `/api/products/${soldOut.id}/notify-me`, undefined, { email: 'not-an-email' })).json().message).toBe('Please enter a valid email');
    expect((await inject('POST', '/api/products/999999/notify-me', who, {})).statusCode).toBe(404);
    const gone = await insertProduct(t.db, { stock: 0, deleted: true });
    expect((await inject('POST', `/api/products/${gone.id}/notify-me`, who, {})).statusCode).toBe(404);
    expect(await t.db.select().from(stockAlerts)).toEqual([]);
  });

  it('waits for one colour × size of a product sold per variant; a variant it does not make is a 400, one in stock a 409', async () => {
    const who = await shopper(t.db);
    const p = await kurti();
    const url = `/api/products/${p.id}/notify-me`;
    expect((await inject('POST', url, who, { color: '#AA2233', size: 'M' })).statusCode).toBe(200);
    const inStock = await inject('POST', url, who, { color: '#aa2233', size: 'L' });
    expect(inStock.statusCode).toBe(409);
    const notMade = await inject('POST', url, who, { color: '#112233', size: 'XL' });
    expect(notMade.statusCode).toBe(400);
    expect(notMade.json().message).toBe(WISHLIST_MESSAGES.notAVariant);
    expect((await inject('POST', url, who, { size: 'M' })).statusCode).toBe(400);
    // The whole product is in stock: nothing to wait for.
    expect((await inject('POST', url, who, {})).statusCode).toBe(409);
    expect(await t.db.select({ color: stockAlerts.color, size: stockAlerts.size }).from(stockAlerts)).toEqual([{ color: '#aa2233', size: 'M' }]);
  });

  it('a deleted account keeps no wishlist and is mailed nothing more, also for what its email asked as a guest', async () => {
    const who = await shopper(t.db);
    const saree = await insertProduct(t.db, { stock: 0 });
    const kurta = await insertProduct(t.db, { stock: 0 });
    await inject('PUT', `/api/wishlist/${saree.id}`, who);
    await inject('POST', `/api/products/${saree.id}/notify-me`, who, {});
    await inject('POST', `/api/products/${kurta.id}/notify-me`, undefined, { email: who.user.email });
    const other = await insertProduct(t.db, { stock: 0 });
    await inject('POST', `/api/products/${other.id}/notify-me`, undefined, { email: guestEmail() });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${who.user.id}`, headers: { cookie: who.cookie }, payload: { password: TEST_PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.select().from(wishlistItems)).toEqual([]);
    expect((await t.db.select({ productId: stockAlerts.productId }).from(stockAlerts)).map((a) => a.productId)).toEqual([other.id]);
  });
});
