import { text } from 'node:stream/consumers';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { insertProduct } from '../../test/commerce.ts';
import { categories } from '../modules/taxonomy/taxonomy.table.ts';
import { products } from '../modules/products/products.table.ts';
import { sitemapFile, sitemapIndex, sitemapPlan } from './sitemap.ts';

const BASE = 'https://shop.example.in';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: BASE });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

/** A small catalogue: two categories in use, one without products, live and deleted products. */
async function catalogue() {
  await t.db.insert(categories).values([
    { label: 'Silk Sarees', value: 'Silk Sarees' },
    { label: 'Cotton & Linen', value: 'Cotton & Linen' },
    { label: 'Empty Shelf', value: 'Empty Shelf' },
  ]);
  const live = [];
  for (let i = 0; i < 6; i++) live.push(await insertProduct(t.db, { category: i % 2 ? 'Silk Sarees' : 'Cotton & Linen' }));
  const gone = await insertProduct(t.db, { category: 'Empty Shelf', deleted: true });
  return { live, gone };
}

describe('robots.txt', () => {
  it('keeps crawlers out of the admin and the shopper’s own pages and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/cart', '/checkout', '/orders', '/profile']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
    // The pictures and the pages that sell stay open.
    expect(res.body).not.toMatch(/Disallow: \/(uploads|product-detail|og-image|$)/m);
  });
});

describe('the sitemap', () => {
  it('lists the listing, the shop pages, categories in use and every live product, absolute, never a deleted one', async () => {
    const { live, gone } = await catalogue();
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(locs(res.body)).toEqual([
      `${BASE}/`,
      `${BASE}/collections`,
      ...['about', 'shipping', 'returns', 'faq', 'contact', 'privacy', 'terms', 'cookies'].map((s) => `${BASE}/${s}`),
      `${BASE}/?category=Cotton%20%26%20Linen`,
      `${BASE}/?category=Silk%20Sarees`,
      ...live.map((p) => `${BASE}/product-detail/${p.id}`),
    ]);
    expect(res.body).not.toContain(`/product-detail/${gone.id}<`);
    expect(res.body).not.toContain('Empty%20Shelf');
    // A product's entry says when it last changed.
    expect(res.body).toContain(`<loc>${BASE}/product-detail/${live[0]!.id}</loc><lastmod>${live[0]!.updatedAt.toISOString()}</lastmod>`);
    // Escaped as XML: the & of a category never appears raw.
    expect(res.body).not.toMatch(/&(?!amp;)/);
  });

  it('has no numbered files while everything fits in one', async () => {
    await catalogue();
    expect((await t.app.inject('/sitemap-1.xml')).statusCode).toBe(404);
    for (const url of ['/sitemap-0.xml', '/sitemap-x.xml', '/sitemap-99999999.xml', '/sitemap-1.xml%00']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('past the limit becomes an index of files that together list every URL once, none over the limit', async () => {
    const { live } = await catalogue();
    // 10 fixed pages + 2 categories + 6 products = 18 URLs; at 4 a file, 5 files.
    const limit = 4;
    const plan = await sitemapPlan(t.db, limit);
    expect([plan.total, plan.files]).toEqual([18, 5]);
    const index = sitemapIndex(BASE, plan);
    expect(index).toMatch(/<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    expect(locs(index)).toEqual([1, 2, 3, 4, 5].map((n) => `${BASE}/sitemap-${n}.xml`));
    const files = await Promise.all([1, 2, 3, 4, 5].map(async (n) => locs(await text(sitemapFile(t.db, BASE, plan, n, limit)))));
    expect(files.map((f) => f.length)).toEqual([4, 4, 4, 4, 2]);
    const all = files.flat();
    expect(new Set(all).size).toBe(18);
    expect(all.slice(12)).toEqual(live.map((p) => `${BASE}/product-detail/${p.id}`));
  });

  it('at the real limit of 50 000, /sitemap.xml is the index and /sitemap-N.xml its files', async () => {
    await t.db.execute(sql`
      insert into products (title, description, brand, category, price_paise, discounted_price_paise, stock, thumbnail)
      select 'Saree ' || n, 'Silk', 'Looms', 'sarees', 100000, 100000, 1, '/uploads/x.webp' from generate_series(1, 50000) n`);
    const index = await t.app.inject('/sitemap.xml');
    expect(locs(index.body)).toEqual([`${BASE}/sitemap-1.xml`, `${BASE}/sitemap-2.xml`]);
    const [first, second] = await Promise.all([t.app.inject('/sitemap-1.xml'), t.app.inject('/sitemap-2.xml')]);
    expect(first.statusCode).toBe(200);
    expect(locs(first.body)).toHaveLength(50_000);
    // 10 fixed pages, then 49 990 products in the first file; the last 10 in the second.
    expect(locs(second.body)).toEqual(Array.from({ length: 10 }, (_, i) => `${BASE}/product-detail/${49_991 + i}`));
    expect((await t.app.inject('/sitemap-3.xml')).statusCode).toBe(404);
  }, 60_000);

  it('reads the live products, their count and the Special Offers order from their partial indexes', async () => {
    await catalogue();
    const live = eq(products.deleted, false);
    // The count may take any of the partial indexes on live products: each lists them all.
    const queries = {
      'products_live_[a-z_]+_idx': [t.db.select({ n: count() }).from(products).where(live)],
      products_live_id_idx: [
        t.db.select({ id: products.id, updatedAt: products.updatedAt }).from(products).where(and(live, sql`${products.id} >= 1`)).orderBy(asc(products.id)).limit(5000),
      ],
      products_live_discount_idx: [t.db.select({ id: products.id }).from(products).where(live).orderBy(desc(products.discountPercentage), asc(products.id)).limit(12)],
    };
    for (const [index, list] of Object.entries(queries)) {
      for (const query of list) {
        // The table is tiny: sequential scans are ruled out to ask whether the index serves the shape.
        const plan = await t.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          const res = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Record<string, string>[] };
          return res.rows.map((r) => Object.values(r)[0]).join('\n');
        });
        expect(plan, index).toMatch(new RegExp(`(on|using) ${index}`));
      }
    }
  });
});
