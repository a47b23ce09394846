import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the app shell', () => {
  it('answers the health check', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('the web app files', () => {
  let web: TestApp;
  let dist: string;
  const page = '<!doctype html><title>Saree Pari</title>' + '<p>Loading...</p>'.repeat(100);
  const script = 'console.log("shop");'.repeat(200);
  beforeAll(async () => {
    // A build as apps/web/vite.config.ts writes it: each text file beside its .br and .gz.
    dist = mkdtempSync(join(tmpdir(), 'shop-web-'));
    mkdirSync(join(dist, 'assets'));
    for (const [name, body] of [
      ['index.html', page],
      ['assets/index-abc123.js', script],
    ] as const) {
      writeFileSync(join(dist, name), body);
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(body));
      writeFileSync(join(dist, `${name}.gz`), gzipSync(body));
    }
    web = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends hashed assets compressed when the browser accepts it, cached for a year', async () => {
    const res = await web.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends them plain to a browser that accepts no compression', async () => {
    const res = await web.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('serves the app page for every page route, compressed and revalidated on each visit', async () => {
    for (const url of ['/admin/orders', '/login', '/cart']) {
      const res = await web.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      // The app's page with the shop's head: its title, icons and brand (docs/product.md, Your brand).
      const html = brotliDecompressSync(res.rawPayload).toString();
      expect(html, url).toMatch(/^<!doctype html>\n {4}<title>Saree Pari<\/title>/);
      expect(html, url).toContain('<script id="shop-brand" type="application/json">');
      expect(html, url).toContain('<p>Loading...</p>'.repeat(100));
    }
  });

  it('serves the listing and product pages with a head of their own around the same page (storefront/)', async () => {
    for (const [url, status] of [['/', 200], ['/product-detail/7', 404]] as const) {
      const res = await web.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const html = brotliDecompressSync(res.rawPayload).toString();
      expect(html, url).toMatch(/^<!doctype html>\n {4}<title>[^<]+<\/title>/);
      expect(html, url).toContain('<p>Loading...</p>'.repeat(100));
    }
  });
});
