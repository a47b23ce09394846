import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { insertUser, loginCookie, TEST_PASSWORD } from '../../test/app.ts';
import { insertProduct, placeCashOrder, sessionCookie } from '../../test/commerce.ts';
import { mailTestApp, type CapturedMail } from '../../test/smtp.ts';
import { staffInvites } from '../modules/staff/staff.table.ts';
import { users } from '../modules/users/users.table.ts';

const ctx = mailTestApp({ PUBLIC_URL: 'https://shop.example' });
const STAFF_PASSWORD = 'Packing2026';

async function owner() {
  const user = await insertUser(ctx.t.db, {
    role: 'admin',
    email: 'owner@example.com',
    name: 'Lakshmi Iyer',
  });
  return { user, cookie: await sessionCookie(ctx.t.db, user.id) };
}

function tokenOf(mail: CapturedMail): string {
  const match = /https?:\/\/\S+\/staff\/accept\?token=(\S+)/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}

async function invite(cookie: string, email = 'meera@example.com', name = 'Meera Iyer') {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: '/api/staff/invites',
    headers: { cookie },
    payload: { name, email },
  });
  expect(res.statusCode, res.body).toBe(201);
  return tokenOf(await ctx.smtp.waitForMail((m) => m.to.includes(email)));
}

const accept = (token: string, password = STAFF_PASSWORD) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/staff/accept', payload: { token, password } });

function cookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const sid = res.cookies.find((c) => c.name === 'sid');
  if (!sid) throw new Error('no session cookie');
  return `sid=${sid.value}`;
}

describe('staff invitations', () => {
  it('mails a link; the invitee sets a password, signs in, ships an order and is refused the settings', async () => {
    const boss = await owner();
    const shopper = await insertUser(ctx.t.db, { email: 'asha@example.com' });
    const product = await insertProduct(ctx.t.db, { stock: 5 });
    const order = await placeCashOrder(
      ctx.t.app,
      ctx.t.db,
      { user: shopper, cookie: await sessionCookie(ctx.t.db, shopper.id) },
      [{ productId: product.id }],
    );

    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/staff/invites',
      headers: { cookie: boss.cookie },
      payload: { name: 'Meera Iyer', email: 'meera@example.com' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Invitation sent' });
    const mail = await ctx.smtp.waitForMail((m) => m.to.includes('meera@example.com'));
    expect(mail.subject).toBe('You are invited to the Saree Pari team');
    expect(mail.text).toContain('Namaste Meera Iyer,');
    expect(mail.text).toContain('48 hours');
    const token = tokenOf(mail);
    expect(mail.text).toContain(`https://shop.example/staff/accept?token=${token}`);

    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ email: 'meera@example.com', name: 'Meera Iyer', role: 'staff' });
    const cookie = await loginCookie(ctx.t.app, 'meera@example.com', STAFF_PASSWORD);

    const shipped = await ctx.t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}`,
      headers: { cookie },
      payload: { status: 'dispatched' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ id: order.id, status: 'dispatched' });

    const settings = await ctx.t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie },
      payload: {},
    });
    expect(settings.statusCode).toBe(403);
    for (const url of [
      '/api/settings/admin',
      '/api/staff',
      '/api/orders/export',
      '/api/reports/gst?month=2026-11',
      '/api/jobs/failed',
    ]) {
      expect((await ctx.t.app.inject({ url, headers: { cookie } })).statusCode, url).toBe(403);
    }
    // The session made by the accept works too.
    expect(
      (await ctx.t.app.inject({ url: '/api/orders/admin', headers: { cookie: cookieOf(accepted) } }))
        .statusCode,
    ).toBe(200);
  });

  it('stores only the SHA-256 of the token, expiring in 48 hours, and lists the pending invitation to the owner', async () => {
    const boss = await owner();
    const token = await invite(boss.cookie);
    const [row] = await ctx.t.db.select().from(staffInvites);
    expect(row!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row!.invitedBy).toBe(boss.user.id);
    expect(Math.abs(row!.expiresAt.getTime() - Date.now() - 48 * 3_600_000)).toBeLessThan(60_000);
    const list = (await ctx.t.app.inject({ url: '/api/staff', headers: { cookie: boss.cookie } })).json<{
      staff: unknown[];
      invites: { email: string }[];
    }>();
    expect(list.staff).toEqual([]);
    expect(list.invites.map((i) => i.email)).toEqual(['meera@example.com']);
  });

  it('refuses a used token and an expired one with 400, and makes nobody', async () => {
    const boss = await owner();
    const token = await invite(boss.cookie);
    expect((await accept(token)).statusCode).toBe(200);
    const again = await accept(token, 'Another2026');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: 'This invitation link is invalid or has expired' });

    const late = await invite(boss.cookie, 'ravi@example.com', 'Ravi Kumar');
    await ctx.t.db
      .update(staffInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvites.email, 'ravi@example.com'));
    expect((await accept(late)).statusCode).toBe(400);
    expect(await ctx.t.db.select().from(users).where(eq(users.email, 'ravi@example.com'))).toEqual([]);
  });

  it('accepts one of two simultaneous uses of a token', async () => {
    const boss = await owner();
    const token = await invite(boss.cookie);
    const codes = (await Promise.all([accept(token), accept(token)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400]);
  });

  it('asks for the password rules of signup', async () => {
    const boss = await owner();
    const token = await invite(boss.cookie);
    const res = await accept(token, 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      'Password must be at least 8 characters and contain at least 1 uppercase letter, 1 lowercase letter and 1 digit',
    );
  });

  it('makes a shopper of the invited email staff, with the new password, and ends the shopper sessions', async () => {
    const boss = await owner();
    const shopper = await insertUser(ctx.t.db, { email: 'meera@example.com', name: 'Meera Shopper' });
    const old = await sessionCookie(ctx.t.db, shopper.id);
    const token = await invite(boss.cookie, 'MEERA@example.com');
    const res = await accept(token);
    expect(res.json()).toMatchObject({ id: shopper.id, role: 'staff', name: 'Meera Shopper' });
    expect((await ctx.t.app.inject({ url: '/api/auth/check', headers: { cookie: old } })).statusCode).toBe(
      401,
    );
    await expect(loginCookie(ctx.t.app, 'meera@example.com', TEST_PASSWORD)).rejects.toThrow('401');
    await loginCookie(ctx.t.app, 'meera@example.com', STAFF_PASSWORD);
  });

  it('refuses to invite the owner or someone already on the staff with 409', async () => {
    const boss = await owner();
    await insertUser(ctx.t.db, { role: 'staff', email: 'meera@example.com' });
    for (const email of ['owner@example.com', 'Meera@example.com']) {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/staff/invites',
        headers: { cookie: boss.cookie },
        payload: { name: 'Someone', email },
      });
      expect(res.statusCode, email).toBe(409);
      expect(res.json()).toEqual({ message: 'This person already works in the shop admin' });
    }
    expect(await ctx.t.db.select().from(staffInvites)).toEqual([]);
  });

  it('revokes a pending invitation: its link no longer works', async () => {
    const boss = await owner();
    const token = await invite(boss.cookie);
    const [row] = await ctx.t.db.select().from(staffInvites);
    const res = await ctx.t.app.inject({
      method: 'DELETE',
      url: `/api/staff/invites/${row!.id}`,
      headers: { cookie: boss.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await accept(token)).statusCode).toBe(400);
    expect(
      (
        await ctx.t.app.inject({
          method: 'DELETE',
          url: `/api/staff/invites/${row!.id}`,
          headers: { cookie: boss.cookie },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a second invitation to the same address replaces the first', async () => {
    const boss = await owner();
    const first = await invite(boss.cookie);
    ctx.smtp.clear();
    const second = await invite(boss.cookie);
    expect((await accept(first)).statusCode).toBe(400);
    expect((await accept(second)).statusCode).toBe(200);
  });
});

describe('removing a staff member', () => {
  it('ends every session of theirs at once, on every server process, and leaves them a shopper', async () => {
    const boss = await owner();
    const accepted = await accept(await invite(boss.cookie));
    const first = cookieOf(accepted);
    const second = await loginCookie(ctx.t.app, 'meera@example.com', STAFF_PASSWORD);
    const other = await buildApp({ database: ctx.t.database, config: ctx.t.config, logger: false });
    try {
      for (const app of [ctx.t.app, other])
        expect((await app.inject({ url: '/api/orders/admin', headers: { cookie: second } })).statusCode).toBe(
          200,
        );
      const id = accepted.json<{ id: number }>().id;
      const list = (await ctx.t.app.inject({ url: '/api/staff', headers: { cookie: boss.cookie } })).json<{
        staff: { id: number; email: string }[];
      }>();
      expect(list.staff).toMatchObject([{ id, email: 'meera@example.com' }]);

      const res = await ctx.t.app.inject({
        method: 'DELETE',
        url: `/api/staff/${id}`,
        headers: { cookie: boss.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Staff member removed and signed out' });
      for (const app of [ctx.t.app, other]) {
        for (const cookie of [first, second]) {
          expect((await app.inject({ url: '/api/orders/admin', headers: { cookie } })).statusCode).toBe(401);
          expect((await app.inject({ url: '/api/auth/check', headers: { cookie } })).statusCode).toBe(401);
        }
      }
      const [row] = await ctx.t.db.select({ role: users.role }).from(users).where(eq(users.id, id));
      expect(row!.role).toBe('user');
      const back = await loginCookie(ctx.t.app, 'meera@example.com', STAFF_PASSWORD);
      expect(
        (await ctx.t.app.inject({ url: '/api/orders/admin', headers: { cookie: back } })).statusCode,
      ).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('answers 404 for an id that is not a staff member, the owner and a shopper included, and changes nobody', async () => {
    const boss = await owner();
    const shopper = await insertUser(ctx.t.db, { email: 'asha@example.com' });
    for (const id of [boss.user.id, shopper.id, 9999]) {
      const res = await ctx.t.app.inject({
        method: 'DELETE',
        url: `/api/staff/${id}`,
        headers: { cookie: boss.cookie },
      });
      expect(res.statusCode).toBe(404);
    }
    const roles = await ctx.t.db.select({ role: users.role }).from(users).orderBy(users.id);
    expect(roles.map((r) => r.role)).toEqual(['admin', 'user']);
  });
});
