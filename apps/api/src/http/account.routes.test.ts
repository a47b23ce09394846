import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared';
import { createTestApp, insertUser, loginCookie, signedIn, TEST_PASSWORD, type TestApp } from '../../test/app.ts';
import { insertCartLine, insertProduct, placeCashOrder, testAddress } from '../../test/commerce.ts';
import { rows } from '../../test/security/invariants.ts';
import { users } from '../modules/users/users.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const NEW_PASSWORD = 'Fresh@1234';

const changePassword = (id: number, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/users/${id}/password`, headers: { cookie }, payload });
const exportData = (id: number, cookie: string) => t.app.inject({ method: 'GET', url: `/api/users/${id}/data`, headers: { cookie } });
const deleteAccount = (id: number, cookie: string, password = TEST_PASSWORD) =>
  t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: { cookie }, payload: { password } });
const owner = (cookie: string) => t.app.inject({ url: '/api/users/owner', headers: { cookie } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const hashOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!.passwordHash;

/** A shopper with a saved address and one delivered cash order (invoiced when placed). */
async function shopperWithDeliveredOrder() {
  const { user, cookie } = await signedIn(t.app, t.db);
  await t.app.inject({ method: 'PATCH', url: `/api/users/${user.id}`, headers: { cookie }, payload: { addresses: [testAddress] } });
  const product = await insertProduct(t.db, { title: 'Banarasi Silk', stock: 10 });
  const order = await placeCashOrder(t.app, t.db, { user, cookie }, [{ productId: product.id, quantity: 2 }]);
  const admin = await signedIn(t.app, t.db, 'admin');
  const delivered = await t.app.inject({ method: 'PATCH', url: `/api/orders/${order.id}`, headers: { cookie: admin.cookie }, payload: { status: 'delivered' } });
  expect(delivered.statusCode).toBe(200);
  return { user, cookie, order, product, admin };
}

describe('POST /api/users/:id/password', () => {
  it('changes the password and ends every other session of the account, keeping the one that asked', async () => {
    const { user, cookie } = await signedIn(t.app, t.db);
    const phone = await loginCookie(t.app, user.email);
    const res = await changePassword(user.id, cookie, { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password changed. Any other device you were signed in on is now signed out.' });
    expect((await owner(cookie)).statusCode).toBe(200);
    expect((await owner(phone)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const { user, cookie } = await signedIn(t.app, t.db);
    const phone = await loginCookie(t.app, user.email);
    const before = await hashOf(user.id);
    const res = await changePassword(user.id, cookie, { currentPassword: 'Wrong123', password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Current password is incorrect' });
    expect(await hashOf(user.id)).toBe(before);
    expect((await owner(phone)).statusCode).toBe(200);
  });

  it('holds the new password to the signup rule', async () => {
    const { user, cookie } = await signedIn(t.app, t.db);
    const res = await changePassword(user.id, cookie, { currentPassword: TEST_PASSWORD, password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Min 8 chars, 1 upper, 1 lower, 1 number' });
    const empty = await changePassword(user.id, cookie, { password: NEW_PASSWORD });
    expect(empty.json()).toEqual({ message: 'Current password is required' });
  });

  it("refuses another user's id with 403 and changes nobody's password", async () => {
    const a = await signedIn(t.app, t.db);
    const b = await signedIn(t.app, t.db);
    const before = await hashOf(a.user.id);
    const res = await changePassword(a.user.id, b.cookie, { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(await hashOf(a.user.id)).toBe(before);
    expect((await owner(a.cookie)).statusCode).toBe(200);
  });

  it('voids a reset link mailed before the change', async () => {
    const { user, cookie } = await signedIn(t.app, t.db);
    await t.db.execute(sql`insert into password_reset_tokens (user_id, token_hash, expires_at) values (${user.id}, 'x', now() + interval '1 hour')`);
    await changePassword(user.id, cookie, { currentPassword: TEST_PASSWORD, password: NEW_PASSWORD });
    expect(await rows(t.db, sql`select id from password_reset_tokens where user_id = ${user.id}`)).toEqual([]);
  });
});

describe('GET /api/users/:id/data', () => {
  it('downloads the profile, addresses and orders as a JSON attachment, without the password hash', async () => {
    const { user, cookie, order } = await shopperWithDeliveredOrder();
    const res = await exportData(user.id, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json<{ profile: Record<string, unknown>; addresses: unknown[]; orders: Order[] }>();
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, name: user.name, phoneNumber: user.phoneNumber, role: 'user' });
    expect(data.addresses).toEqual([testAddress]);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ id: order.id, status: 'delivered', totalItems: 2, totalAmount: order.totalAmount, selectedAddress: testAddress });
    expect(data.orders[0]!.items[0]!.product.title).toBe('Banarasi Silk');
    expect(data.orders[0]!.createdAt).toBe(order.createdAt);
    expect(res.body).not.toMatch(/passwordHash|password_hash|\$argon2/);
  });

  it("holds nobody else's data, and refuses another user's id with 403", async () => {
    const a = await shopperWithDeliveredOrder();
    const b = await signedIn(t.app, t.db);
    const mine = await exportData(b.user.id, b.cookie);
    expect(mine.json()).toMatchObject({ addresses: [], orders: [] });
    expect(mine.body).not.toContain(a.user.email);
    expect(mine.body).not.toContain('Banarasi');
    const theirs = await exportData(a.user.id, b.cookie);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.body).not.toContain(a.user.email);
  });

  it('answers 401 when nobody is signed in', async () => {
    const { user } = await signedIn(t.app, t.db);
    expect((await t.app.inject({ url: `/api/users/${user.id}/data` })).statusCode).toBe(401);
  });
});

describe('DELETE /api/users/:id', () => {
  it('ends the account: its sessions end, its email no longer signs in and is free for a new signup', async () => {
    const { user, cookie } = await shopperWithDeliveredOrder();
    const phone = await loginCookie(t.app, user.email);
    await insertCartLine(t.db, user.id, (await insertProduct(t.db, { title: 'Kota Doria' })).id);
    const res = await deleteAccount(user.id, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your account is deleted. Thank you for shopping with us.' });
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await owner(cookie)).statusCode).toBe(401);
    expect((await owner(phone)).statusCode).toBe(401);
    const refused = await login(user.email, TEST_PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toBe('Invalid email or password');
    expect(await rows(t.db, sql`select id from cart_items where user_id = ${user.id}`)).toEqual([]);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Asha Rao', email: user.email.toUpperCase(), phoneNumber: '+919820012345', password: NEW_PASSWORD },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json<{ id: number }>().id).not.toBe(user.id);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('keeps the users row, emptied of the person, so orders still point at it', async () => {
    const { user, cookie } = await shopperWithDeliveredOrder();
    await deleteAccount(user.id, cookie);
    const [row] = await rows<Record<string, unknown>>(t.db, sql`select email, name, phone_number, addresses, image_url, password_hash, deleted_at from users where id = ${user.id}`);
    expect(row).toMatchObject({ email: `deleted#${user.id}@account.invalid`, name: 'Deleted account', phone_number: '', addresses: [], image_url: null, password_hash: 'deleted' });
    expect(row!.deleted_at).not.toBeNull();
  });

  it('keeps the orders without the name, email and phone, and the invoices exactly as issued', async () => {
    const { user, cookie, order, admin } = await shopperWithDeliveredOrder();
    const invoicesBefore = await rows(t.db, sql`select id, number, total_paise, document from tax_documents where order_id = ${order.id} order by id`);
    expect(invoicesBefore.length).toBeGreaterThan(0);
    // A business buyer's name and GSTIN on the order's address copy go with the person.
    await t.db.execute(sql`update orders set selected_address = selected_address || '{"gstin": "27AAPFU0939F1ZV", "businessName": "Asha Textiles"}'::jsonb where id = ${order.id}`);
    await deleteAccount(user.id, cookie);

    const kept = await rows<Record<string, unknown>>(t.db, sql`select id, status, total_amount_paise, selected_address from orders where user_id = ${user.id}`);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ id: order.id, status: 'delivered' });
    expect(kept[0]!.selected_address).toEqual({ ...testAddress, name: 'Deleted account', email: '', phone: '', street: '' });
    const keptText = JSON.stringify(kept);
    for (const trace of [testAddress.name, testAddress.email, testAddress.phone, testAddress.street, user.email, '27AAPFU0939F1ZV', 'Asha Textiles']) expect(keptText).not.toContain(trace);
    expect(await rows(t.db, sql`select count(*)::int as n from order_items where order_id = ${order.id}`)).toEqual([{ n: 1 }]);
    expect(await rows(t.db, sql`select id, number, total_paise, document from tax_documents where order_id = ${order.id} order by id`)).toEqual(invoicesBefore);
    // The shop's own view of the order still opens, and its invoice still downloads.
    expect((await t.app.inject({ url: `/api/orders/${order.id}`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/orders/${order.id}/invoice`, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
  });

  it('mails no one when the shop later changes the status of a deleted account’s order', async () => {
    const { user, cookie, order, admin } = await shopperWithDeliveredOrder();
    await deleteAccount(user.id, cookie);
    const mails = () => rows<{ n: number }>(t.db, sql`select count(*)::int as n from pgboss.job where name = 'mail' and data->>'subject' like ${`%order #${order.id} %`}`);
    const before = await mails();
    const res = await t.app.inject({ method: 'PATCH', url: `/api/orders/${order.id}`, headers: { cookie: admin.cookie }, payload: { status: 'cancelled' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled' });
    expect(await mails()).toEqual(before);
  });

  it('refuses a wrong password with 400 and changes nothing', async () => {
    const { user, cookie } = await shopperWithDeliveredOrder();
    const before = await rows(t.db, sql`select u.email, u.name, u.deleted_at, o.selected_address from users u join orders o on o.user_id = u.id where u.id = ${user.id}`);
    const res = await deleteAccount(user.id, cookie, 'Wrong123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Password is incorrect' });
    expect(await rows(t.db, sql`select u.email, u.name, u.deleted_at, o.selected_address from users u join orders o on o.user_id = u.id where u.id = ${user.id}`)).toEqual(before);
    expect((await owner(cookie)).statusCode).toBe(200);
  });

  it('waits for an open order to be delivered or cancelled, and changes nothing meanwhile', async () => {
    const { user, cookie } = await signedIn(t.app, t.db);
    const product = await insertProduct(t.db, { stock: 5 });
    const order = await placeCashOrder(t.app, t.db, { user, cookie }, [{ productId: product.id }]);
    const res = await deleteAccount(user.id, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: `Order #${order.id} is still open. You can delete your account once it is delivered or cancelled.` });
    expect((await owner(cookie)).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses another user's id with 403, the admin's too, and deletes nobody", async () => {
    const a = await signedIn(t.app, t.db);
    const b = await signedIn(t.app, t.db);
    const admin = await signedIn(t.app, t.db, 'admin');
    expect((await deleteAccount(a.user.id, b.cookie)).statusCode).toBe(403);
    expect((await deleteAccount(a.user.id, admin.cookie)).statusCode).toBe(403);
    expect((await owner(a.cookie)).statusCode).toBe(200);
    expect((await login(a.user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('does not delete an admin account', async () => {
    const admin = await insertUser(t.db, { role: 'admin' });
    const cookie = await loginCookie(t.app, admin.email);
    const res = await deleteAccount(admin.id, cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An admin account cannot be deleted from the profile' });
  });
});

describe('rate limits on the routes that check the password', () => {
  it('answers 429 after 10 wrong passwords from one account, for a change and a deletion alike', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const user = await insertUser(limited.db);
      const cookie = await loginCookie(limited.app, user.email);
      for (const [method, url, field] of [['POST', `/api/users/${user.id}/password`, 'currentPassword'], ['DELETE', `/api/users/${user.id}`, 'password']] as const) {
        const statuses: number[] = [];
        for (let i = 0; i < 11; i++) {
          const payload = { [field]: `Wrong${i}`, password: field === 'password' ? `Wrong${i}` : NEW_PASSWORD };
          statuses.push((await limited.app.inject({ method, url, headers: { cookie }, payload })).statusCode);
        }
        expect(statuses, url).toEqual([...Array<number>(10).fill(400), 429]);
      }
    } finally {
      await limited.close();
    }
  });
});
