import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../test/smtp.ts';
import { createMailer } from './mailer.ts';
import { resetPasswordMail } from '../modules/auth/reset-mail.ts';

const dirs: string[] = [];
const shop = { legalName: 'Saree Pari Retail LLP', address: '12 Linking Road, Mumbai 400050', supportPhone: '+91 98200 12345', supportEmail: 'hello@sareepari.example' };
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('createMailer', () => {
  it('without SMTP_URL writes each mail to the outbox as .eml and logs its link', async () => {
    const outboxDir = join(mkdtempSync(join(tmpdir(), 'shop-outbox-')), 'outbox');
    dirs.push(outboxDir);
    const logs: string[] = [];
    const mailer = createMailer({ smtpUrl: undefined, from: 'Saree Pari <no-reply@localhost>', outboxDir, log: (m) => logs.push(m) });
    const link = 'http://localhost:3000/reset-password?token=abc&email=asha%40example.com';
    await mailer.send({ to: 'asha@example.com', ...resetPasswordMail({ name: 'Asha', link, validMinutes: 60, shop }), link });
    const files = readdirSync(outboxDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(join(outboxDir, files[0]!), 'utf8');
    expect(eml).toContain('To: asha@example.com');
    expect(eml).toContain('Subject: Reset your Saree Pari password');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain(link);
    expect(mailer.describe).toBe(`files in ${outboxDir}`);
  });

  it('makes the outbox again when it was removed after the first mail', async () => {
    const outboxDir = join(mkdtempSync(join(tmpdir(), 'shop-outbox-')), 'outbox');
    dirs.push(outboxDir);
    const mailer = createMailer({ smtpUrl: undefined, from: 'Saree Pari <no-reply@localhost>', outboxDir });
    const mail = { to: 'asha@example.com', subject: 'Your order', text: 'Thank you' };
    await mailer.send(mail);
    rmSync(outboxDir, { recursive: true });
    await mailer.send(mail);
    expect(readdirSync(outboxDir)).toHaveLength(1);
  });

  it('with SMTP_URL delivers over SMTP, without the link field in the message', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'Saree Pari <shop@example.com>', outboxDir: '/nonexistent' });
      await mailer.send({ to: 'ravi@example.com', subject: 'Hello ✨', text: 'Namaste Ravi', link: 'http://x.example/' });
      const mail = await smtp.waitForMail();
      expect(mail).toMatchObject({ from: 'shop@example.com', to: ['ravi@example.com'], subject: 'Hello ✨', text: 'Namaste Ravi' });
      expect(mail.raw).not.toContain('x.example');
      expect(mailer.describe).toBe(`SMTP ${new URL(smtp.url).host}`);
      mailer.close();
    } finally {
      await smtp.close();
    }
  });
});

describe('resetPasswordMail', () => {
  it('says how long the link lasts in words', () => {
    expect(resetPasswordMail({ name: 'A', link: 'x', validMinutes: 60, shop }).text).toContain('for 1 hour.');
    expect(resetPasswordMail({ name: 'A', link: 'x', validMinutes: 120, shop }).text).toContain('for 2 hours.');
    expect(resetPasswordMail({ name: 'A', link: 'x', validMinutes: 30, shop }).text).toContain('for 30 minutes.');
  });

  it('is signed with the shop’s legal name, address and support contacts, escaped in HTML', () => {
    const mail = resetPasswordMail({ name: 'A', link: 'x', validMinutes: 60, shop: { ...shop, legalName: 'Saree & Sons <Pvt> Ltd' } });
    expect(mail.text).toContain('Saree & Sons <Pvt> Ltd\n12 Linking Road, Mumbai 400050\nPhone +91 98200 12345 · hello@sareepari.example');
    expect(mail.html).toContain('Saree &amp; Sons &lt;Pvt&gt; Ltd<br>12 Linking Road, Mumbai 400050');
  });
});
