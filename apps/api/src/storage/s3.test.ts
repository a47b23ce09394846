import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '@shop/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { productBody, shopper } from '../../test/commerce.ts';
import { startTestBucket, type TestBucket } from '../../test/s3.ts';
import { multipart } from '../../test/security/route-cases.ts';
import { seedDemo } from '../db/seed/index.ts';
import { products } from '../modules/products/products.table.ts';
import { PICTURE_CACHE_CONTROL } from './storage.ts';

// Issue 14: with S3_BUCKET set, pictures live in an S3-compatible bucket (here a real s3rver on
// loopback) and replies name them under S3_PUBLIC_URL; the database keeps /uploads/<key>.
let s3: TestBucket;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  s3 = await startTestBucket();
  t = await createTestApp(s3.env);
});
afterAll(async () => {
  await t.close();
  await s3.stop();
});
beforeEach(async () => {
  await t.reset();
  admin = (await shopper(t.db, 'admin')).cookie;
});

async function upload(
  width = 1600,
  height = 1200,
): Promise<{ secure_url: string; url: string; width: number; height: number }> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#7a1f2b' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="50%" cy="50%" r="30%" fill="#e0a526"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
  const form = multipart(png);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: { cookie: admin, ...form.headers },
    payload: form.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const keyOf = (url: string) => url.slice(`${s3.publicUrl}/`.length);

describe('pictures in an S3-compatible bucket', () => {
  it('stores an upload in the bucket in every width as immutable WebP, fetchable at the URL the reply names', async () => {
    const reply = await upload();
    expect(reply).toEqual({
      secure_url: reply.url,
      url: expect.stringMatching(new RegExp(`^${s3.publicUrl}/[0-9a-f]{64}\\.webp$`)),
      width: 1200,
      height: 900,
    });
    const key = keyOf(reply.url);
    const base = key.slice(0, -'.webp'.length);
    expect(await s3.storage.list(base)).toEqual([`${base}-400.webp`, `${base}-800.webp`, key]);
    for (const [name, width] of [
      [key, 1200],
      [`${base}-800.webp`, 800],
      [`${base}-400.webp`, 400],
    ] as const) {
      const object = await s3.fetchPublic(name);
      expect(object.status, name).toBe(200);
      expect(object.contentType, name).toBe('image/webp');
      expect(object.cacheControl, name).toBe(PICTURE_CACHE_CONTROL);
      expect(await sharp(object.body).metadata(), name).toMatchObject({ format: 'webp', width });
    }
    expect(existsSync(join(t.dataDir, 'uploads')), 'nothing is written to DATA_DIR/uploads').toBe(false);
  });

  it('names the picture under S3_PUBLIC_URL in product replies after the admin saves it, and stores /uploads/<key>', async () => {
    const picture = (await upload(600, 800)).secure_url;
    const key = keyOf(picture);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { cookie: admin },
      payload: productBody(picture),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json<Product>().id;
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row!.thumbnail).toBe(`/uploads/${key}`);
    expect(row!.images).toEqual([
      `/uploads/${key}`,
      `/uploads/${key}`,
      'https://cdn.example.com/elsewhere.webp',
    ]);

    const detail = (await t.app.inject(`/api/products/${id}`)).json<Product>();
    const list = (await t.app.inject('/api/products?search=Bucket')).json<{ products: Product[] }>();
    for (const p of [res.json<Product>(), detail, list.products[0]!]) {
      expect(p.thumbnail).toBe(picture);
      expect(p.images).toEqual([picture, picture, 'https://cdn.example.com/elsewhere.webp']);
    }
    expect((await s3.fetchPublic(key)).status).toBe(200);
  });

  it('sends a /uploads/ path on to S3_PUBLIC_URL instead of serving it, and refuses paths that are no key', async () => {
    const res = await t.app.inject('/uploads/catalogue/v1-s1-d0-drape-400.webp');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${s3.publicUrl}/catalogue/v1-s1-d0-drape-400.webp`);
    for (const url of [
      '/uploads/../package.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/uploads/.hidden.webp',
    ]) {
      const bad = await t.app.inject(url);
      expect(bad.statusCode, url).toBe(404);
      expect(bad.headers.location, url).toBeUndefined();
    }
  });

  it('draws the demo seed’s pictures into the bucket, every product picture in every width', async () => {
    const { seeded } = await seedDemo(t.database, t.config);
    expect(seeded).toBe(true);
    const stored = new Set(await s3.storage.list('catalogue/'));
    const rows = await t.db.select().from(products);
    const pictures = [...new Set(rows.flatMap((r) => [r.thumbnail, ...r.images]))];
    expect(pictures.length).toBeGreaterThanOrEqual(240);
    for (const url of pictures) {
      expect(url).toMatch(/^\/uploads\/catalogue\/[A-Za-z0-9-]+\.webp$/);
      const key = url.slice('/uploads/'.length);
      for (const name of [key, key.replace(/\.webp$/, '-400.webp'), key.replace(/\.webp$/, '-800.webp')])
        expect(stored.has(name), name).toBe(true);
    }
    expect(stored.size).toBe(pictures.length * 3);
    const thumbnail = await s3.fetchPublic(rows[0]!.thumbnail.slice('/uploads/'.length));
    expect(thumbnail).toMatchObject({
      status: 200,
      contentType: 'image/webp',
      cacheControl: PICTURE_CACHE_CONTROL,
    });
    expect(await sharp(thumbnail.body).metadata()).toMatchObject({ format: 'webp', width: 600, height: 800 });
    const listed = (await t.app.inject('/api/products?_per_page=1')).json<{ products: Product[] }>();
    expect(listed.products[0]!.thumbnail).toMatch(new RegExp(`^${s3.publicUrl}/catalogue/`));
    expect(existsSync(join(t.dataDir, 'uploads')), 'nothing is written to DATA_DIR/uploads').toBe(false);
  }, 120_000);
});

describe('the S3 driver', () => {
  it('answers for missing keys with false and undefined, and refuses keys that leave the folder', async () => {
    expect(await s3.storage.exists('nothing-here.webp')).toBe(false);
    expect(await s3.storage.get('nothing-here.webp')).toBeUndefined();
    await s3.storage.put('driver/a.webp', Buffer.from('bytes'), 'image/webp');
    expect(await s3.storage.exists('driver/a.webp')).toBe(true);
    expect((await s3.storage.get('driver/a.webp'))?.toString()).toBe('bytes');
    expect(await s3.storage.list('driver/')).toEqual(['driver/a.webp']);
    for (const key of ['../a.webp', 'driver/../../a.webp', '/a.webp', ''])
      await expect(s3.storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Not a picture key/);
  });
});
