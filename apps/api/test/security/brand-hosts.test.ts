import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order, PublicShopSettings } from '@shop/shared';
import { insertCartLine, insertProduct, orderPayload, shopper } from '../commerce.ts';
import { pdfText } from '../pdf-text.ts';
import { startSmtpServer, type SmtpCapture } from '../smtp.ts';
import { call, twoHostsOnPostgres, type ServerProcess, type TwoHosts } from './servers.ts';

// Issue 27, done when: a shop started with SHOP_NAME and a brand colour shows them, and never the
// demo's name, in its served pages, manifest, settings, mail and invoice; a rename is on the next page
// of both processes. PostgreSQL pass only (vitest.config.ts).
const NAME = 'Kanchi Silks House';
const DEMO = 'Saree Pari';

describe('a shop started with its own name and colour, on two processes', () => {
  let hosts: TwoHosts | undefined;
  let servers: ServerProcess[] = [];
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    hosts = await twoHostsOnPostgres('brand', {
      SHOP_NAME: NAME,
      SHOP_TAGLINE: 'Silks from the temple town',
      SHOP_BRAND_COLOR: '#1D4E89',
      SHOP_INSTAGRAM: 'https://www.instagram.com/kanchisilkshouse',
      SMTP_URL: smtp.url,
      PRODUCT_CACHE: 'on',
    });
    servers = hosts.servers;
  }, 120_000);
  afterAll(async () => {
    await hosts?.close();
    await smtp?.close();
  });

  it('shows its name everywhere and the demo’s nowhere, and a rename on the next page of both', async () => {
    const db = hosts!.database.db;
    const [a, b] = servers.map((s) => s.url) as [string, string];
    const product = await insertProduct(db, { title: 'Korvai Kanjivaram', stock: 5 });

    for (const base of [a, b]) {
      for (const path of ['/', `/product-detail/${product.id}`, '/about']) {
        const page = await call(base, 'GET', path);
        expect(page.status, path).toBe(200);
        expect(page.text, path).toContain(NAME);
        expect(page.text, path).not.toContain(DEMO);
        expect(page.text, path).toContain('<meta name="theme-color" content="#1d4e89" />');
        expect(page.text, path).toContain('--color-maroon:#1d4e89');
      }
      const manifest = await call(base, 'GET', '/manifest.webmanifest');
      expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      expect(manifest.body).toMatchObject({ name: NAME, short_name: 'Kanchi Silks', theme_color: '#1d4e89' });
      expect(manifest.text).not.toContain(DEMO);
      const settings = await call(base, 'GET', '/api/settings');
      expect(settings.body).toMatchObject({
        shopName: NAME,
        legalName: NAME,
        brandColor: '#1d4e89',
        tagline: 'Silks from the temple town',
      });
    }
    const home = await call(a, 'GET', '/');
    const organization = /"@type":"OnlineStore"[^<]*/.exec(home.text)![0];
    expect(organization).toContain(`"name":"${NAME}"`);
    expect(organization).toContain('"sameAs":["https://www.instagram.com/kanchisilkshouse"]');

    // An order's mail and its invoice.
    const me = await shopper(db);
    await insertCartLine(db, me.user.id, product.id, 1);
    const placed = await call(a, 'POST', '/api/orders', { cookie: me.cookie, body: orderPayload('cash') });
    expect(placed.status, placed.text).toBe(201);
    const order = placed.body as Order;
    const mail = await smtp.waitForMail(
      (m) => m.to.includes(me.user.email) && m.subject.includes(`#${order.id}`),
      20_000,
    );
    expect(mail.subject).toContain(NAME);
    expect(mail.headers.from).toContain(NAME);
    for (const part of [mail.subject, mail.headers.from ?? '', mail.text, mail.html])
      expect(part).not.toContain(DEMO);
    expect(mail.text).toContain(NAME);
    const invoice = await fetch(`${b}/api/orders/${order.id}/invoice`, { headers: { cookie: me.cookie } });
    expect(invoice.status).toBe(200);
    const text = await pdfText(Buffer.from(await invoice.arrayBuffer()));
    expect(text).toContain(NAME);
    expect(text).not.toContain(DEMO);

    // Renamed on one process: the next page of each shows the new name (the NOTIFY empties both caches).
    const owner = await shopper(db, 'admin');
    const current = (await call(a, 'GET', '/api/settings/admin', { cookie: owner.cookie }))
      .body as PublicShopSettings;
    const renamed = await call(a, 'PUT', '/api/settings', {
      cookie: owner.cookie,
      body: { ...current, shopName: 'Kanchi Silks & Sons' },
    });
    expect(renamed.status, renamed.text).toBe(200);
    for (const base of [a, b]) {
      await vi.waitFor(
        async () => {
          const page = await call(base, 'GET', '/');
          expect(page.text).toContain(
            '<title>Kanchi Silks &amp; Sons — Sarees online | Silks from the temple town</title>',
          );
        },
        { timeout: 30_000, interval: 50 },
      );
      expect((await call(base, 'GET', '/manifest.webmanifest')).body).toMatchObject({
        name: 'Kanchi Silks & Sons',
      });
    }
  }, 120_000);
});
