import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, ReviewPage } from '@shop/shared';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { brands, categories } from '../../modules/taxonomy/taxonomy.table.ts';
import { products, productVariants } from '../../modules/products/products.table.ts';
import { users } from '../../modules/users/users.table.ts';
import { generateProducts, renderCatalogueImages, seedDemo } from './index.ts';
import { DEMO_REVIEWERS } from './reviews.ts';

let t: TestApp;
let first: Awaited<ReturnType<typeof seedDemo>>;
beforeAll(async () => {
  t = await createTestApp();
  first = await seedDemo(t.database, t.config);
}, 120_000);
afterAll(() => t.close());

describe('the demo catalogue', () => {
  it('seeds an empty database with at least 60 products in 6 categories from 8 brands', async () => {
    expect(first.seeded).toBe(true);
    const rows = await t.db.select().from(products);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((r) => r.category)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((r) => r.brand)).size).toBeGreaterThanOrEqual(8);
    expect((await t.db.select().from(categories)).map((c) => c.label).sort()).toEqual(
      ['Banarasi Sarees', 'Cotton Sarees', 'Dupattas', 'Kurtis', 'Lehengas', 'Silk Sarees'],
    );
    expect((await t.db.select().from(brands)).length).toBeGreaterThanOrEqual(8);
  });

  it('gives every product believable prices, ratings, colours, sizes and four highlights', async () => {
    const rows = await t.db.select().from(products);
    for (const r of rows) {
      expect(r.pricePaise).toBeGreaterThanOrEqual(499_00);
      expect(r.pricePaise).toBeLessThanOrEqual(24_999_00);
      expect(r.discountPercentage).toBeGreaterThanOrEqual(0);
      expect(r.discountPercentage).toBeLessThanOrEqual(40);
      expect(r.rating).toBeGreaterThanOrEqual(3.5);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.colors.length).toBeGreaterThanOrEqual(2);
      expect(r.colors.length).toBeLessThanOrEqual(4);
      for (const c of r.colors) expect(c).toMatch(/^#[0-9a-f]{6}$/);
      // A saree is sold in its one length (metres), a dupatta in Free Size; the others in two to four sizes.
      expect(r.sizes.length).toBeGreaterThanOrEqual(['Dupattas', 'Silk Sarees', 'Cotton Sarees', 'Banarasi Sarees'].includes(r.category) ? 1 : 2);
      expect(r.sizeLabels).toHaveLength(r.sizes.length);
      expect(r.highlights).toHaveLength(4);
      expect(r.description.length).toBeGreaterThan(80);
      expect(r.images).toHaveLength(4);
      expect(r.images[3]).toBe(r.thumbnail);
    }
    expect(rows.some((r) => r.stock === 0)).toBe(true);
    expect(new Set(rows.map((r) => r.title)).size).toBeGreaterThan(50);
    // Kurtis by letter and dupattas in Free Size keep stock per variant, their stock the variants' sum.
    const variants = await t.db.select().from(productVariants);
    for (const r of rows) {
      const own = variants.filter((v) => v.productId === r.id);
      expect(r.stockPerVariant).toBe(['Kurtis', 'Dupattas'].includes(r.category));
      if (r.stockPerVariant) expect(own.reduce((sum, v) => sum + v.stock, 0)).toBe(r.stock);
      else expect(own).toEqual([]);
    }
    expect(rows.find((r) => r.category === 'Kurtis')!.sizeLabels.every((l) => ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'].includes(l))).toBe(true);
    expect(rows.filter((r) => r.category === 'Silk Sarees').every((r) => r.sizeUnit === 'm' && r.details.lengthMetres === r.sizes[0])).toBe(true);
  });

  it('gives every product its real HSN code (silk 5007, cotton 5208, synthetic 5407, garments 62xx) and India as its origin', async () => {
    const rows = await t.db.select().from(products);
    const hsnOf = (category: string) => new Set(rows.filter((r) => r.category === category).map((r) => r.hsn));
    expect(hsnOf('Silk Sarees')).toEqual(new Set(['5007']));
    expect(hsnOf('Cotton Sarees')).toEqual(new Set(['5208']));
    expect([...hsnOf('Banarasi Sarees')].every((h) => h === '5007' || h === '5407')).toBe(true);
    expect(hsnOf('Lehengas')).toEqual(new Set(['6204']));
    expect(hsnOf('Kurtis')).toEqual(new Set(['6206']));
    expect(hsnOf('Dupattas')).toEqual(new Set(['6214']));
    expect(rows.filter((r) => r.title.includes('Banarasi Georgette')).every((r) => r.hsn === '5407')).toBe(true);
    expect(rows.every((r) => r.countryOfOrigin === 'India' && r.gstRatePercent === null)).toBe(true);
  });

  it('stores each product picture as a decodable 3:4 WebP with its responsive copies', async () => {
    const rows = await t.db.select().from(products);
    const files = [...new Set(rows.flatMap((r) => [r.thumbnail, ...r.images]))];
    expect(files.length).toBeGreaterThanOrEqual(rows.length * 4);
    for (const url of files) {
      expect(url).toMatch(/^\/uploads\/[A-Za-z0-9._/-]+\.webp$/);
      const path = join(t.config.uploadsDir, url.slice('/uploads/'.length));
      const meta = await sharp(path).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width! / meta.height!).toBeCloseTo(3 / 4, 2);
      for (const w of [400, 800]) expect(existsSync(path.replace(/\.webp$/, `-${w}.webp`))).toBe(true);
    }
  });

  it('draws the pictures afresh, not only from the cache: textile WebPs in 600 × 800 with 400 px copies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-draw-'));
    try {
      await renderCatalogueImages(dir, 99, 2, { cacheDir: null });
      const files = readdirSync(join(dir, 'catalogue')).sort();
      expect(files).toHaveLength(2 * 4 * 3);
      const thumb = await sharp(join(dir, 'catalogue', 'v1-s99-d0-drape.webp')).stats();
      // A textile, not a blank: many colours, channels far from flat.
      expect(thumb.channels.every((c) => c.stdev > 10)).toBe(true);
      expect(await sharp(join(dir, 'catalogue', 'v1-s99-d1-pallu.webp')).metadata()).toMatchObject({ width: 600, height: 800, format: 'webp' });
      expect(await sharp(join(dir, 'catalogue', 'v1-s99-d1-pallu-400.webp')).metadata()).toMatchObject({ width: 400, height: 533 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves the pictures and lists the products through the API', async () => {
    const list = await t.app.inject('/api/products?_per_page=100');
    expect(list.json().totalProducts).toBe(60);
    const product = list.json().products[0] as Product;
    const image = await t.app.inject(product.thumbnail);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('creates the demo admin and the shopper with her Mumbai address', async () => {
    expect(first.accounts).toEqual([
      { email: 'admin@sareepari.local', password: 'Admin@1234', role: 'admin' },
      { email: 'asha@sareepari.local', password: 'Shopper@1234', role: 'user' },
    ]);
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@sareepari.local'));
    expect(admin).toMatchObject({ role: 'admin', name: 'Shop Admin' });
    expect(await verify(admin!.passwordHash, 'Admin@1234')).toBe(true);
    const [asha] = await t.db.select().from(users).where(eq(users.email, 'asha@sareepari.local'));
    expect(asha).toMatchObject({ role: 'user', name: 'Asha Rao' });
    expect(asha!.addresses).toHaveLength(1);
    expect(asha!.addresses[0]!.city).toBe('Mumbai');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'asha@sareepari.local', password: 'Shopper@1234' } });
    expect(login.statusCode).toBe(200);
  });

  it('seeds nothing the second time and keeps one of each demo account', async () => {
    const again = await seedDemo(t.database, t.config);
    expect(again.seeded).toBe(false);
    expect(await t.db.$count(products)).toBe(60);
    // The admin, Asha, and the demo's three reviewers.
    expect(await t.db.$count(users)).toBe(2 + DEMO_REVIEWERS.length);
  });

  it('seeds a few published reviews on a handful of products, their rating and count following from them', async () => {
    const res = await t.app.inject({ url: '/api/products?_per_page=60' });
    const reviewed = res.json<{ products: Product[] }>().products.filter((p) => (p.reviewCount ?? 0) > 0);
    expect(reviewed.length).toBeGreaterThanOrEqual(5);
    for (const p of reviewed) {
      const page = (await t.app.inject({ url: `/api/products/${p.id}/reviews` })).json<ReviewPage>();
      expect(page.summary.count).toBe(p.reviewCount);
      expect(page.summary.average).toBe(p.rating);
      expect(page.reviews.every((r) => r.verifiedPurchase && r.author.endsWith('.'))).toBe(true);
    }
  });

  it('generates the same rows for the same seed, and any number of them from the picture pool', () => {
    expect(generateProducts(5, 7)).toEqual(generateProducts(5, 7));
    const many = generateProducts(1000, 7);
    expect(many).toHaveLength(1000);
    expect(new Set(many.map((r) => r.thumbnail)).size).toBe(60);
  });
});
