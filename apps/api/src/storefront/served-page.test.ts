import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/commerce.ts';
import { brands, categories } from '../modules/taxonomy/taxonomy.table.ts';
import { products } from '../modules/products/products.table.ts';
import { storeImage } from '../modules/uploads/uploads.service.ts';
import { eq } from 'drizzle-orm';

// As Vite writes it (apps/web/index.html after the build): its own title and description, scripts.
const INDEX = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="Saree Pari — the build's own description." />
    <title>Saree Pari — Your magical shopping experience</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"><p>Loading...</p></div></body>
</html>
`;
// The build's manifest: which chunks each route's page loads (Vite's build.manifest).
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared-1.js' },
  '_grid.js': { file: 'assets/grid-2.js', imports: ['_shared.js'], css: ['assets/grid-2.css'] },
  'src/app/routes/home.tsx': { file: 'assets/home-3.js', imports: ['index.html', '_grid.js'] },
  'src/app/routes/product-detail.tsx': { file: 'assets/product-detail-4.js', imports: ['index.html', '_shared.js'] },
};
const HOSTILE = `</script><script>alert(1)</script>"'><img src=x onerror=alert(2)>`;

// The web build's server half (dist-ssr/ beside dist/, apps/web/src/first-paint.server.tsx): here a
// small stand-in that writes what it was given, so the tests read which products the server passed.
const FIRST_PAINT = `const text = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
export function renderHomeFirstPaint(list, catalogue) {
  return '<p id="filters">' + catalogue.categories.map((o) => text(o.value)).join(',') + '|' + catalogue.brands.map((o) => text(o.value)).join(',') + '</p><ul id="cards">' + list.products.map((p) => '<li data-id="' + p.id + '" data-stock="' + p.stock + '">' + text(p.title) + '</li>').join('') + '</ul><p id="total">' + list.totalProducts + '</p>';
}
export function renderProductFirstPaint(p) {
  if (p.title === 'Drawn badly') throw new ReferenceError('window is not defined');
  return '<h1 id="painted" data-stock="' + p.stock + '">' + text(p.title) + '</h1>';
}
`;

let t: TestApp;
let base: string;
beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'shop-head-'));
  const dist = join(base, 'dist');
  mkdirSync(dist);
  mkdirSync(join(base, 'dist-ssr'));
  writeFileSync(join(base, 'dist-ssr', 'first-paint.server.js'), FIRST_PAINT);
  writeFileSync(join(dist, 'index.html'), INDEX);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await createTestApp({ WEB_DIST: dist, PUBLIC_URL: 'https://shop.example.in', PRODUCT_CACHE: 'on' });
});
afterAll(async () => {
  await t.close();
  rmSync(base, { recursive: true, force: true });
});
beforeEach(() => t.reset());

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  const { document } = new JSDOM(res.body).window;
  const meta = (key: string) =>
    document.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? undefined;
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent!) as Record<string, unknown>);
  return { res, document, meta, jsonLd, canonical: document.querySelector('link[rel=canonical]')?.getAttribute('href') };
}

describe('the served head of the listing', () => {
  it('names the shop, its canonical address and a preview picture on /', async () => {
    const p = await page('/');
    expect(p.res.statusCode).toBe(200);
    expect(p.document.title).toBe('Saree Pari — Sarees online | Your magical shopping experience');
    expect(p.document.querySelectorAll('title')).toHaveLength(1);
    expect(p.document.querySelectorAll('meta[name=description]')).toHaveLength(1);
    expect(p.meta('description')).toMatch(/Banarasi, Kanjeevaram/);
    expect(p.canonical).toBe('https://shop.example.in/');
    expect(p.meta('og:type')).toBe('website');
    expect(p.meta('og:url')).toBe('https://shop.example.in/');
    expect(p.meta('og:image')).toBe('https://shop.example.in/og-image.jpg');
    expect(p.meta('og:image:width')).toBe('1200');
    expect(p.meta('twitter:card')).toBe('summary_large_image');
    expect(p.jsonLd.map((o) => o['@type'])).toEqual(['OnlineStore', 'WebSite']);
    // The app starts as before on a listing without a first paint: the build's scripts and root are all there.
    const plain = await t.app.inject({ url: '/?page=2' });
    expect(plain.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(plain.body).toContain('<div id="root"><p>Loading...</p></div>');
    expect(p.res.body).toContain('<div id="root"><p>Loading...</p></div>');
  });

  it('names the home route’s scripts (not those index.html loads already) and its styles', async () => {
    const p = await page('/?page=2');
    expect([...p.document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href'))).toEqual(['/assets/home-3.js', '/assets/grid-2.js']);
    expect([...p.document.querySelectorAll('link[rel=preload][as=style]')].map((l) => l.getAttribute('href'))).toEqual(['/assets/grid-2.css']);
    // A search is the same page of the app.
    expect((await page('/?search=saree')).document.querySelectorAll('link[rel=modulepreload]')).toHaveLength(2);
    // With its first paint, / names no script to preload: the pictures come first (the first paint's tests).
    expect((await page('/')).document.querySelectorAll('link[rel=modulepreload]')).toHaveLength(0);
    // Pages of other routes name none of the home route's scripts.
    expect((await page('/about')).document.querySelectorAll('link[rel=modulepreload]')).toHaveLength(0);
  });

  it('titles a search by its words, escaped, and keeps search results out of the index', async () => {
    const p = await page(`/?search=${encodeURIComponent(HOSTILE)}`);
    expect(p.document.title).toBe(`Results for “${HOSTILE}” | Saree Pari`);
    expect(p.meta('robots')).toBe('noindex, follow');
    expect(p.canonical).toBe(`https://shop.example.in/?search=${encodeURIComponent(HOSTILE)}`);
    // Text only: the only scripts are the build's own.
    expect(p.document.querySelectorAll('script:not([type="application/ld+json"]):not([type="application/json"])')).toHaveLength(1);
    expect(p.document.querySelectorAll('img')).toHaveLength(0);
  });

  it('titles the collections page, with its own canonical address', async () => {
    const p = await page('/collections');
    expect(p.res.statusCode).toBe(200);
    expect(p.document.title).toBe('Collections | Saree Pari');
    expect(p.canonical).toBe('https://shop.example.in/collections');
    expect(p.meta('og:title')).toBe('Collections | Saree Pari');
  });

  it('titles a category listing by the category', async () => {
    const p = await page('/?category=Banarasi%20Sarees');
    expect(p.document.title).toBe('Banarasi Sarees | Saree Pari');
    expect(p.canonical).toBe('https://shop.example.in/?category=Banarasi%20Sarees');
    expect(p.meta('robots')).toBeUndefined();
  });
});

describe('the first paint of /', () => {
  it('draws the first page the app asks for, before the app’s root, with the stock of now', async () => {
    await t.db.insert(categories).values([{ label: 'Sarees', value: 'sarees' }, { label: 'Dupattas', value: 'dupattas' }]);
    await t.db.insert(brands).values([{ label: 'Kanjivaram House', value: 'Kanjivaram House' }, { label: 'Unused Looms', value: 'Unused Looms' }]);
    for (let i = 0; i < 13; i++) await insertProduct(t.db, { title: i === 0 ? HOSTILE : undefined });
    const api = (await t.app.inject({ url: '/api/products?_page=1&_per_page=12' })).json<{ products: { id: number }[] }>();
    const { document, res } = await page('/');
    const cards = [...document.querySelectorAll('#first-paint #cards li')];
    expect(cards.map((li) => Number(li.getAttribute('data-id')))).toEqual(api.products.map((p) => p.id));
    expect(document.querySelector('#first-paint #total')?.textContent).toBe('13');
    // The filters offer what the shopper's filters offer: the options some live product carries.
    const inUse = async (kind: string) =>
      (await t.app.inject({ url: `/api/${kind}?inUse=true` })).json<{ value: string }[]>().map((o) => o.value).join(',');
    expect(document.querySelector('#first-paint #filters')?.textContent).toBe(`${await inUse('category')}|${await inUse('brands')}`);
    expect(document.querySelector('#first-paint #filters')?.textContent).toBe('sarees|Kanjivaram House');
    // The app's root (and its Loading...) follows, hidden by the app's style sheet until the app has drawn.
    expect(document.querySelector('#first-paint + #root')?.textContent).toBe('Loading...');
    // The app's script is named on the first paint, for the boot script to start once the first
    // pictures are painted, and not in the head, where it would take their bandwidth.
    expect(document.getElementById('first-paint')?.getAttribute('data-app')).toBe('/assets/index-abc.js');
    expect(document.querySelector('script[src="/assets/index-abc.js"]')).toBeNull();
    expect(res.body).not.toContain('<script>alert(1)');
    // A sale changes the stock and empties no cache: the next page shows it.
    const first = api.products[0]!.id;
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, first));
    const after = (await page('/')).document.querySelector(`#first-paint li[data-id="${first}"]`);
    expect(after?.getAttribute('data-stock')).toBe('0');
  });

  it('is left out where the listing asks for another page, sort, search or filter, but not for a link’s tracking', async () => {
    await insertProduct(t.db);
    for (const url of ['/?page=2', '/?sort=price-low-to-high', '/?search=silk', '/?category=sarees', '/?brand=Nalli']) {
      const { document } = await page(url);
      expect(document.getElementById('first-paint'), url).toBeNull();
      expect(document.getElementById('root'), url).not.toBeNull();
      expect(document.querySelector('head script[src="/assets/index-abc.js"]'), url).not.toBeNull();
    }
    expect((await page('/?utm_source=whatsapp')).document.getElementById('first-paint')).not.toBeNull();
  });
});

describe('the first paint of a product page', () => {
  it('is drawn for every visitor, signed in or not, with the stock of now', async () => {
    const row = await insertProduct(t.db, { title: HOSTILE, stock: 4 });
    const signedOut = await page(`/product-detail/${row.id}`);
    expect(signedOut.document.querySelector('#first-paint #painted')?.textContent).toBe(HOSTILE);
    expect(signedOut.document.querySelector('#first-paint #painted')?.getAttribute('data-stock')).toBe('4');
    expect(signedOut.document.getElementById('first-paint')?.getAttribute('data-app')).toBe('/assets/index-abc.js');
    expect(signedOut.document.querySelectorAll('link[rel=modulepreload]')).toHaveLength(0);
    expect(signedOut.res.body).not.toContain('<script>alert(1)');
    const signedIn = await page(`/product-detail/${row.id}`, { cookie: 'sid=anything' });
    expect(signedIn.res.body).toBe(signedOut.res.body);
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, row.id));
    const after = await page(`/product-detail/${row.id}`);
    expect(after.document.querySelector('#first-paint #painted')?.getAttribute('data-stock')).toBe('0');
  });

  it('is left out, and the page served as before, when it cannot be drawn', async () => {
    const row = await insertProduct(t.db, { title: 'Drawn badly' });
    const { res, document } = await page(`/product-detail/${row.id}`, { cookie: 'sid=anything' });
    expect(res.statusCode).toBe(200);
    expect(document.getElementById('first-paint')).toBeNull();
    expect(document.querySelector('head script[src="/assets/index-abc.js"]')).not.toBeNull();
    // The product route's own script, as every page without a first paint names its route's.
    expect([...document.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href'))).toEqual(['/assets/product-detail-4.js']);
  });

  it('is never drawn for an unknown product, which stays a 404', async () => {
    const res = await page('/product-detail/99999', { cookie: 'sid=anything' });
    expect(res.res.statusCode).toBe(404);
    expect(res.document.getElementById('first-paint')).toBeNull();
  });
});

describe('the served head of a product', () => {
  it('carries the title, price, availability, picture, Product and BreadcrumbList of the product', async () => {
    const row = await insertProduct(t.db, { title: 'Kanjeevaram Silk Saree in Temple Red', brand: 'Kanchi Looms', category: 'Silk Sarees', price: 12500, discountPercentage: 20, stock: 3 });
    const p = await page(`/product-detail/${row.id}`);
    expect(p.res.statusCode).toBe(200);
    expect(p.document.title).toBe('Kanjeevaram Silk Saree in Temple Red — Kanchi Looms | Saree Pari');
    expect(p.meta('description')).toBe('₹10,000 (20% off ₹12,500) · In stock · Handwoven silk with zari border');
    expect(p.canonical).toBe(`https://shop.example.in/product-detail/${row.id}`);
    expect(p.meta('og:type')).toBe('product');
    expect(p.meta('og:url')).toBe(p.canonical);
    expect(p.meta('og:image')).toBe('https://example.com/thumb.webp');
    expect(p.meta('product:price:amount')).toBe('10000');
    expect(p.meta('product:price:currency')).toBe('INR');
    const [product, crumbs] = p.jsonLd;
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Kanjeevaram Silk Saree in Temple Red',
      brand: { '@type': 'Brand', name: 'Kanchi Looms' },
      image: ['https://example.com/thumb.webp', 'https://example.com/1.webp', 'https://example.com/2.webp', 'https://example.com/3.webp'],
      offers: { '@type': 'Offer', priceCurrency: 'INR', price: '10000.00', availability: 'https://schema.org/InStock', url: p.canonical },
    });
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://shop.example.in/' },
        { position: 2, name: 'Silk Sarees', item: 'https://shop.example.in/?category=Silk%20Sarees' },
        { position: 3, name: 'Kanjeevaram Silk Saree in Temple Red', item: p.canonical },
      ],
    });
  });

  it('says out of stock when the stock is gone', async () => {
    const row = await insertProduct(t.db, { stock: 0 });
    const p = await page(`/product-detail/${row.id}`);
    expect(p.meta('description')).toMatch(/· Out of stock ·/);
    expect(p.jsonLd[0]).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
  });

  it('keeps a hostile title as text in the title, every attribute and the JSON-LD', async () => {
    const row = await insertProduct(t.db, { title: HOSTILE, brand: `${HOSTILE} & Co`, category: HOSTILE });
    const p = await page(`/product-detail/${row.id}`);
    expect(p.document.title).toBe(`${HOSTILE} — ${HOSTILE} & Co | Saree Pari`);
    expect(p.meta('og:title')).toBe(p.document.title);
    expect(p.meta('twitter:image:alt')).toBe(HOSTILE);
    // Parsed back, the JSON-LD holds the title exactly; in the HTML no `<` of it is left raw.
    expect(p.jsonLd[0]).toMatchObject({ name: HOSTILE, brand: { name: `${HOSTILE} & Co` } });
    // Drawn first, the page names the app's script in its first paint only: no script tag at all.
    expect(p.document.querySelectorAll('script:not([type="application/ld+json"]):not([type="application/json"])')).toHaveLength(0);
    expect(p.document.querySelectorAll('img')).toHaveLength(0);
    const ld = p.res.body.slice(p.res.body.indexOf('application/ld+json'), p.res.body.lastIndexOf('</script>'));
    expect(ld).not.toContain('<script>alert');
    expect(ld).toContain('\\u003c/script\\u003e');
  });

  it('answers a deleted, unknown or malformed product with 404 and the shop’s own head, kept out of the index', async () => {
    const row = await insertProduct(t.db, { title: 'Secret Deleted Saree', deleted: true });
    for (const url of [`/product-detail/${row.id}`, '/product-detail/999999', '/product-detail/abc', '/product-detail/0x1', '/product-detail/99999999999']) {
      const p = await page(url);
      expect(p.res.statusCode, url).toBe(404);
      expect(p.res.headers['content-type'], url).toMatch(/text\/html/);
      expect(p.document.title, url).toBe('Product not found | Saree Pari');
      expect(p.meta('robots'), url).toBe('noindex, follow');
      expect(p.res.body).not.toContain('Secret Deleted');
      expect(p.res.body, url).toContain('/assets/index-abc.js');
    }
  });

  it('answers an address the app has no page for with 404 and the not-found head; the app’s pages with 200', async () => {
    for (const url of ['/no/such/page', '/carts', '/admin/ORDERS', '/product-detail/1/reviews', '/404']) {
      const p = await page(url);
      expect(p.res.statusCode, url).toBe(404);
      expect(p.res.headers['content-type'], url).toMatch(/text\/html/);
      expect(p.document.title, url).toBe('Page not found | Saree Pari');
      expect(p.meta('robots'), url).toBe('noindex, follow');
      expect(p.res.body, url).toContain('/assets/index-abc.js');
    }
    for (const url of ['/cart', '/Cart/', '/login?next=%2Forders', '/order-success', '/order-success/12', '/admin/Orders', '/admin/pages/about', '/reset-password?token=x']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      // The app's shell: its scripts and root, with the shop's own title, icons and brand.
      expect(res.body, url).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(res.body, url).toContain('<body><div id="root"><p>Loading...</p></div></body>');
      expect(res.body, url).toContain('<title>Saree Pari</title>');
      expect(res.body, url).toContain('<script id="shop-brand" type="application/json">');
      expect(res.body.match(/<link rel="icon"/g), url).toHaveLength(1);
    }
    // Not a page: the API's, the pictures' and a write's 404 stay the JSON one.
    for (const [method, url] of [['GET', '/api/no-such-thing'], ['GET', '/uploads/none.webp'], ['POST', '/no/such/page']] as const) {
      const res = await t.app.inject({ method, url, headers: { origin: 'https://shop.example.in' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Not found' });
    }
  });

  it('shows a product’s change at once: the cached page goes with the write', async () => {
    const admin = await import('../../test/app.ts').then((m) => m.insertUser(t.db, { role: 'admin' }));
    const cookie = await import('../../test/app.ts').then((m) => m.loginCookie(t.app, admin.email));
    const row = await insertProduct(t.db, { title: 'Chanderi Cotton Saree' });
    expect((await page(`/product-detail/${row.id}`)).document.title).toMatch(/^Chanderi Cotton Saree/);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/products/${row.id}`, headers: { cookie, origin: 'https://shop.example.in' }, payload: { title: 'Chanderi Silk-Cotton Saree' } });
    expect(res.statusCode).toBe(200);
    expect((await page(`/product-detail/${row.id}`)).document.title).toMatch(/^Chanderi Silk-Cotton Saree/);
    await t.app.inject({ method: 'PATCH', url: `/api/products/${row.id}`, headers: { cookie, origin: 'https://shop.example.in' }, payload: { deleted: true } });
    expect((await page(`/product-detail/${row.id}`)).res.statusCode).toBe(404);
  });

  it('says out of stock as soon as a checkout takes the last piece, which empties no cache', async () => {
    const row = await insertProduct(t.db, { stock: 1 });
    expect((await page(`/product-detail/${row.id}`)).jsonLd[0]).toMatchObject({ offers: { availability: 'https://schema.org/InStock' } });
    await t.db.update(products).set({ stock: 0 }).where(eq(products.id, row.id));
    expect((await page(`/product-detail/${row.id}`)).jsonLd[0]).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
  });

  it('sends the page compressed as the browser accepts, revalidated on each visit', async () => {
    const row = await insertProduct(t.db, { title: 'Mysore Silk Saree' });
    const br = await t.app.inject({ url: `/product-detail/${row.id}`, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<title>Mysore Silk Saree');
    const gz = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<link rel="canonical" href="https://shop.example.in/" />');
    const plain = await t.app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the content security policy on the page, which JSON-LD (not a script) does not need loosened', async () => {
    const row = await insertProduct(t.db);
    const res = await t.app.inject({ url: `/product-detail/${row.id}` });
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self' https:\/\/checkout\.razorpay\.com;/);
  });
});

describe('the preview picture of an uploaded product picture', () => {
  it('is a 1200×630 JPEG under 300 KB, made once from the stored WebP and cached for good', async () => {
    // A busy picture (noise) is the hardest to keep small.
    const noise = Buffer.alloc(900 * 1200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const stored = await storeImage(t.app.storage, sharp(noise, { raw: { width: 900, height: 1200, channels: 3 } }));
    const row = await insertProduct(t.db, { title: 'Paithani Saree' });
    await t.db.update(products).set({ thumbnail: `/uploads/${stored.name}.webp` }).where(eq(products.id, row.id));
    const p = await page(`/product-detail/${row.id}`);
    const image = p.meta('og:image')!;
    expect(image).toBe(`https://shop.example.in/og-image/${stored.name}.jpg`);
    expect(p.meta('og:image:width')).toBe('1200');
    expect(p.meta('og:image:height')).toBe('630');
    // The JSON-LD names the stored pictures themselves.
    expect((p.jsonLd[0] as { image: string[] }).image[0]).toBe(`https://shop.example.in/uploads/${stored.name}.webp`);

    const res = await t.app.inject({ url: new URL(image).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(300 * 1024);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 630]);
    expect(await t.app.storage.exists(`og/${stored.name}.jpg`)).toBe(true);
    const again = await t.app.inject({ url: new URL(image).pathname });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('is a 404 for a picture that is not stored or a path that is not a picture', async () => {
    for (const url of ['/og-image/nothing-here.jpg', '/og-image/..%2F..%2Fetc%2Fpasswd.jpg', '/og-image/x.png']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Not found' });
    }
  });
});
