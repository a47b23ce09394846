import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '@shop/shared';
import { startSmtpServer } from '../../test/smtp.ts';
import { createMailer, senderOf } from './mailer.ts';
import { resetPasswordMail } from '../modules/auth/reset-mail.ts';

const dirs: string[] = [];
const shop = { ...DEFAULT_BRAND, legalName: 'Saree Pari Retail LLP', address: '12 Linking Road, Mumbai 400050', supportPhone: '+91 98200 12345', supportEmail: 'hello@sareepari.example' };
const publicUrl = 'https://shop.example';
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
    await mailer.send({ to: 'asha@example.com', ...resetPasswordMail({ name: 'Asha', link, validMinutes: 60, shop, publicUrl }), link });
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
    expect(resetPasswordMail({ name: 'A', link: 'x', validMinutes: 60, shop, publicUrl }).text).toContain('for 1 hour.');
    expect(resetPasswordMail({ name: 'A', link: 'x', validMinutes: 120, shop, publicUrl }).text).toContain('for 2 hours.');
    expect(resetPasswordMail({ name: 'A', link: 'x', validMinutes: 30, shop, publicUrl }).text).toContain('for 30 minutes.');
  });

  it('is signed with the shop’s legal name, address and support contacts, escaped in HTML', () => {
    const mail = resetPasswordMail({ name: 'A', link: 'x', validMinutes: 60, shop: { ...shop, legalName: 'Saree & Sons <Pvt> Ltd' }, publicUrl });
    expect(mail.text).toContain('Saree & Sons <Pvt> Ltd\n12 Linking Road, Mumbai 400050\nPhone +91 98200 12345 · hello@sareepari.example');
    expect(mail.html).toContain('Saree &amp; Sons &lt;Pvt&gt; Ltd<br>12 Linking Road, Mumbai 400050');
  });
});

describe('the sender (docs/product.md, Your brand)', () => {
  it('is the shop’s name at MAIL_FROM’s address, unless MAIL_FROM names a sender itself', () => {
    expect(senderOf('no-reply@localhost', 'Kaveri Weaves')).toEqual({
      name: 'Kaveri Weaves',
      address: 'no-reply@localhost',
    });
    expect(senderOf('<shop@example.com>', 'Kaveri Weaves')).toEqual({
      name: 'Kaveri Weaves',
      address: 'shop@example.com',
    });
    expect(senderOf('Saree Pari <shop@example.com>', 'Kaveri Weaves')).toBe('Saree Pari <shop@example.com>');
    expect(senderOf('"Orders, Kaveri" <shop@example.com>', 'Kaveri Weaves')).toBe(
      '"Orders, Kaveri" <shop@example.com>',
    );
    expect(senderOf('no-reply@localhost', ' Kaveri\r\n  Weaves ')).toEqual({
      name: 'Kaveri Weaves',
      address: 'no-reply@localhost',
    });
    expect(senderOf('no-reply@localhost', undefined)).toBe('no-reply@localhost');
  });

  it('goes out quoted, so a name with a comma, quotes or a non-Latin script stays one sender', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer({
        smtpUrl: smtp.url,
        from: 'no-reply@localhost',
        outboxDir: '/nonexistent',
      });
      await mailer.send({
        to: 'ravi@example.com',
        subject: 'One',
        text: 'x',
        fromName: 'Pari\'s "Silk", Mumbai',
      });
      await mailer.send({ to: 'ravi@example.com', subject: 'Two', text: 'x', fromName: 'साड़ी परी' });
      const [one, two] = [
        await smtp.waitForMail((m) => m.subject === 'One'),
        await smtp.waitForMail((m) => m.subject === 'Two'),
      ];
      expect(one.headers.from).toBe('"Pari\'s \\"Silk\\", Mumbai" <no-reply@localhost>');
      expect(two.headers.from).toMatch(/^=\?UTF-8\?[BQ]\?.+\?= <no-reply@localhost>$/i);
      const encoded = /^=\?UTF-8\?([BQ])\?(.+)\?= </i.exec(two.headers.from!)!;
      expect(
        encoded[1]!.toUpperCase() === 'B' ? Buffer.from(encoded[2]!, 'base64').toString('utf8') : encoded[2],
      ).toBe('साड़ी परी');
      mailer.close();
    } finally {
      await smtp.close();
    }
  });
});

describe('the mail layout', () => {
  const logo = `/uploads/brand/${'a1'.repeat(16)}-200x100.webp`;
  const renamed = {
    ...shop,
    legalName: 'Kaveri Weaves LLP',
    supportEmail: 'care@kaveri.example',
    shopName: 'Kaveri <Weaves>',
    tagline: 'Handloom & more',
    brandColor: '#1f4e7a',
  };

  it('heads and signs with the shop’s name as given, never the demo’s', () => {
    const mail = resetPasswordMail({ name: 'A', link: 'x', validMinutes: 60, shop: renamed, publicUrl });
    expect(mail.subject).toBe('Reset your Kaveri <Weaves> password');
    expect(mail.fromName).toBe('Kaveri <Weaves>');
    expect(mail.text).toContain('With warm wishes,\nThe Kaveri <Weaves> team\nHandloom & more');
    expect(mail.html).toContain(
      '<h1 style="margin:0 0 4px;font-size:24px;color:#1f4e7a">Kaveri &lt;Weaves&gt; ',
    );
    expect(mail.html).toContain('The Kaveri &lt;Weaves&gt; team');
    expect(mail.html).toContain('Handloom &amp; more');
    expect(mail.html).not.toContain('<img');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('Saree Pari');
  });

  it('shows the logo above the name, as its PNG at the shop’s public address', () => {
    const mail = resetPasswordMail({
      name: 'A',
      link: 'x',
      validMinutes: 60,
      shop: { ...renamed, logo },
      publicUrl,
    });
    const img = `<img src="https://shop.example/uploads/brand/${'a1'.repeat(16)}-200x100.png" alt="Kaveri &lt;Weaves&gt;" width="112" height="56"`;
    expect(mail.html).toContain(img);
    expect(mail.html.indexOf(img)).toBeLessThan(mail.html.indexOf('<h1'));
  });

  it('draws no picture from a logo that is not a stored brand picture', () => {
    const mail = resetPasswordMail({
      name: 'A',
      link: 'x',
      validMinutes: 60,
      shop: { ...renamed, logo: 'javascript:alert(1)' },
      publicUrl,
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('javascript:');
  });
});
