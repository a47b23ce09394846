import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertUser, loginCookie, TEST_PASSWORD } from '../../test/app.ts';
import { mailTestApp, type CapturedMail } from '../../test/smtp.ts';
import { passwordResetTokens } from '../modules/auth/auth.table.ts';

const ctx = mailTestApp({ PUBLIC_URL: 'https://shop.example' });

const requestReset = (payload: unknown) =>
  ctx.t.app.inject({ method: 'POST', url: '/api/mail/reset-password-request', payload: payload as object });

/** The link of a reset mail, read from its text part as a shopper would click it. */
function linkOf(mail: CapturedMail): URL {
  const match = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return new URL(match[0]);
}

async function resetMailFor(email: string) {
  const res = await requestReset({ email });
  expect(res.statusCode).toBe(200);
  return ctx.smtp.waitForMail((m) => m.to.includes(email));
}

const resetWith = (link: URL, password: string) =>
  ctx.t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { email: link.searchParams.get('email'), token: link.searchParams.get('token'), password },
  });

describe('POST /api/mail/reset-password-request', () => {
  it('replies Email sent successfully and mails a warm, branded reset link to the account', async () => {
    await insertUser(ctx.t.db, { email: 'asha@example.com', name: 'Asha Rao' });
    const res = await requestReset({ email: 'asha@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email sent successfully' });

    const mail = await ctx.smtp.waitForMail();
    expect(mail.to).toEqual(['asha@example.com']);
    expect(mail.headers.from).toBe('Saree Pari <no-reply@localhost>');
    expect(mail.subject).toBe('Reset your Saree Pari password');
    expect(mail.text).toContain('Namaste Asha Rao,');
    expect(mail.text).toContain('The Saree Pari team');
    expect(mail.text).toContain('1 hour');
    const link = linkOf(mail);
    expect(link.origin + link.pathname).toBe('https://shop.example/reset-password');
    expect(link.searchParams.get('email')).toBe('asha@example.com');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="${link.toString().replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain('Saree Pari');
  });

  it('URL-encodes the email in the link', async () => {
    await insertUser(ctx.t.db, { email: 'asha+silk@example.com' });
    const mail = await resetMailFor('asha+silk@example.com');
    expect(mail.text).toContain('email=asha%2Bsilk%40example.com');
    expect(linkOf(mail).searchParams.get('email')).toBe('asha+silk@example.com');
  });

  it('escapes the name in the html part', async () => {
    await insertUser(ctx.t.db, { email: 'asha@example.com', name: '<b>Asha</b>' });
    const mail = await resetMailFor('asha@example.com');
    expect(mail.html).toContain('Namaste &lt;b&gt;Asha&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Asha</b>');
  });

  it('stores only the SHA-256 of the token, expiring in one hour', async () => {
    await insertUser(ctx.t.db, { email: 'asha@example.com' });
    const before = Date.now();
    const token = linkOf(await resetMailFor('asha@example.com')).searchParams.get('token')!;
    const rows = await ctx.t.db.select().from(passwordResetTokens);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const expires = rows[0]!.expiresAt.getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 3_600_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 3_600_000 + 1000);
  });

  it('finds the account whatever the case of the email and mails its stored address', async () => {
    await insertUser(ctx.t.db, { email: 'asha@example.com' });
    const res = await requestReset({ email: '  ASHA@Example.COM ' });
    expect(res.statusCode).toBe(200);
    const mail = await ctx.smtp.waitForMail();
    expect(mail.to).toEqual(['asha@example.com']);
  });

  it('answers an unknown email exactly like a known one and sends it no mail', async () => {
    await insertUser(ctx.t.db, { email: 'asha@example.com' });
    const unknown = await requestReset({ email: 'nobody@example.com' });
    const known = await requestReset({ email: 'asha@example.com' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    // The known address's mail arrives; by then a mail to the unknown one, sent first, would have too.
    await ctx.smtp.waitForMail((m) => m.to.includes('asha@example.com'));
    expect(ctx.smtp.mails.flatMap((m) => m.to)).toEqual(['asha@example.com']);
    expect(await ctx.t.db.select().from(passwordResetTokens)).toHaveLength(1);
  });

  it.each([
    ['a missing email', {}, 'Email is required'],
    ['an empty email', { email: '   ' }, 'Email is required'],
    ['a malformed email', { email: 'asha@example' }, 'email not valid'],
    ['an email with consecutive dots', { email: 'asha..rao@example.com' }, 'email not valid'],
  ])('answers %s with 400 and its validation message', async (_what, body, message) => {
    const res = await requestReset(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});

describe('the reset link', () => {
  it('sets the new password once: a second use is 400 Invalid or expired reset link', async () => {
    await insertUser(ctx.t.db, { email: 'asha@example.com' });
    const link = linkOf(await resetMailFor('asha@example.com'));
    const first = await resetWith(link, 'NewSilk2025');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Password reset successfully' });
    await loginCookie(ctx.t.app, 'asha@example.com', 'NewSilk2025');

    const second = await resetWith(link, 'Other2025x');
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ message: 'Invalid or expired reset link' });
    await loginCookie(ctx.t.app, 'asha@example.com', 'NewSilk2025');
  });

  it('ends every session of the user, on every device', async () => {
    await insertUser(ctx.t.db, { email: 'asha@example.com' });
    const phone = await loginCookie(ctx.t.app, 'asha@example.com');
    const laptop = await loginCookie(ctx.t.app, 'asha@example.com');
    const link = linkOf(await resetMailFor('asha@example.com'));
    expect((await resetWith(link, 'NewSilk2025')).statusCode).toBe(200);
    for (const cookie of [phone, laptop]) {
      expect((await ctx.t.app.inject({ url: '/api/auth/check', headers: { cookie } })).statusCode).toBe(401);
    }
  });

  it('is refused after it expires, and the old password still works', async () => {
    await insertUser(ctx.t.db, { email: 'asha@example.com' });
    const link = linkOf(await resetMailFor('asha@example.com'));
    await ctx.t.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await resetWith(link, 'NewSilk2025');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid or expired reset link' });
    await loginCookie(ctx.t.app, 'asha@example.com', TEST_PASSWORD);
  });

  it('is refused for another email than the one it was sent to', async () => {
    await insertUser(ctx.t.db, { email: 'asha@example.com' });
    await insertUser(ctx.t.db, { email: 'ravi@example.com' });
    const link = linkOf(await resetMailFor('asha@example.com'));
    link.searchParams.set('email', 'ravi@example.com');
    expect((await resetWith(link, 'NewSilk2025')).statusCode).toBe(400);
    await loginCookie(ctx.t.app, 'ravi@example.com', TEST_PASSWORD);
  });

  it('works only for the newest of two requests once either is used', async () => {
    const user = await insertUser(ctx.t.db, { email: 'asha@example.com' });
    const older = linkOf(await resetMailFor('asha@example.com'));
    ctx.smtp.clear();
    const newer = linkOf(await resetMailFor('asha@example.com'));
    expect((await resetWith(newer, 'NewSilk2025')).statusCode).toBe(200);
    expect((await resetWith(older, 'Other2025x')).statusCode).toBe(400);
    const unused = await ctx.t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(unused.every((r) => r.usedAt !== null)).toBe(true);
  });
});
