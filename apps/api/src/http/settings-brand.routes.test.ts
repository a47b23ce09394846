import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BRAND_ICON_SIZES, MAX_BRAND_PICTURE_BYTES, type ShopSettings } from '@shop/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { shopper } from '../../test/commerce.ts';
import { multipart } from '../../test/security/route-cases.ts';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  owner = (await shopper(t.db, 'admin')).cookie;
});

const settings = async () =>
  (await t.app.inject({ url: '/api/settings/admin', headers: { cookie: owner } })).json<ShopSettings>();
const put = (body: object) =>
  t.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie: owner }, payload: body });
const upload = (bytes: Buffer, filename = 'logo.png', type = 'image/png') => {
  const form = multipart(bytes, filename, type);
  return t.app.inject({
    method: 'POST',
    url: '/api/settings/pictures',
    headers: { cookie: owner, ...form.headers },
    payload: form.payload,
  });
};
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 29, g: 78, b: 137, alpha: 1 } } })
    .png()
    .toBuffer();
const brandFiles = () =>
  existsSync(join(t.config.uploadsDir, 'brand'))
    ? readdirSync(join(t.config.uploadsDir, 'brand')).sort()
    : [];

describe('the brand in Shop Settings (docs/product.md, Your brand)', () => {
  it('keeps the brand when a body without its fields is saved, as the admin client before it sends', async () => {
    const {
      shopName: _n,
      tagline: _t,
      brandColor: _c,
      logo: _l,
      favicon: _f,
      socialLinks: _s,
      banner: _b,
      ...before
    } = await settings();
    expect(
      (await put({ ...(await settings()), shopName: 'Kanchi Silks House', brandColor: '#1D4E89' }))
        .statusCode,
    ).toBe(200);
    const res = await put({ ...before, legalName: 'Kanchi Silks LLP' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      legalName: 'Kanchi Silks LLP',
      shopName: 'Kanchi Silks House',
      brandColor: '#1d4e89',
    });
  });

  it('refuses a colour white text cannot be read on, a logo it did not store, and links that are not https, changing nothing', async () => {
    const before = await settings();
    const cases: [object, string][] = [
      [
        { brandColor: '#f5d88a' },
        'Text on this colour would be hard to read (contrast 1.3:1, at least 4.5:1 is needed): choose a darker colour',
      ],
      [{ brandColor: 'red' }, 'Brand colour: a colour as #rrggbb'],
      [{ logo: `/uploads/brand/${'a'.repeat(32)}-100x40.webp` }, 'Logo: upload the picture again'],
      [{ logo: '/uploads/../../etc/passwd' }, 'Logo: upload the picture again'],
      [
        { socialLinks: { ...before.socialLinks, instagram: 'javascript:alert(1)' } },
        'Instagram must be an https:// address',
      ],
      [
        { socialLinks: { ...before.socialLinks, whatsapp: '12' } },
        'WhatsApp number: the country code and number, e.g. +91 98200 12345',
      ],
      [
        { banner: { ...before.banner, link: '//evil.example/' } },
        'Banner link: a page of the shop (/collections) or an https:// address',
      ],
      [{ shopName: '  ' }, 'Shop name is required'],
      [{ shopName: 'Kanchi\nSilks' }, 'Shop name: one line of text'],
    ];
    for (const [change, message] of cases) {
      const res = await put({ ...before, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json<{ message: string }>().message, JSON.stringify(change)).toBe(message);
    }
    expect(await settings()).toEqual(before);
  });

  it('stores an uploaded logo as WebP, PNG and square icons, and shows it on the served page and in the manifest', async () => {
    const res = await upload(await png(600, 200));
    expect(res.statusCode, res.body).toBe(200);
    const { url, width, height } = res.json<{ url: string; width: number; height: number }>();
    expect([width, height]).toEqual([600, 200]);
    expect(url).toMatch(/^\/uploads\/brand\/[0-9a-f]{32}-600x200\.webp$/);
    const base = url.slice(0, -'.webp'.length);
    for (const [path, type, size] of [
      [url, 'image/webp', [600, 200]],
      [`${base}.png`, 'image/png', [600, 200]],
      ...BRAND_ICON_SIZES.map((s) => [`${base}-icon-${s}.png`, 'image/png', [s, s]] as const),
    ] as const) {
      const file = await t.app.inject(path);
      expect(file.statusCode, path).toBe(200);
      expect(file.headers['content-type'], path).toBe(type);
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.width, meta.height], path).toEqual(size);
    }

    const saved = await put({ ...(await settings()), logo: url, shopName: 'Kanchi Silks House' });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await t.app.inject('/about');
    expect(page.body).toContain(
      `<link rel="icon" type="image/png" sizes="32x32" href="${base}-icon-32.png" />`,
    );
    expect(page.body).toContain(`<link rel="apple-touch-icon" href="${base}-icon-180.png" />`);
    const brand = JSON.parse(
      /<script id="shop-brand" type="application\/json">([^<]+)<\/script>/.exec(page.body)![1]!,
    ) as { logo: string; shopName: string };
    expect(brand).toMatchObject({ logo: url, shopName: 'Kanchi Silks House' });
    const manifest = await t.app.inject('/manifest.webmanifest');
    expect(manifest.json<{ icons: { src: string }[] }>().icons.map((i) => i.src)).toEqual([
      `${base}-icon-192.png`,
      `${base}-icon-512.png`,
    ]);
    // The shop's own link preview is drawn for its brand.
    const preview = /<meta property="og:image" content="[^"]*(\/og-image\/shop\/[0-9a-f]{24}\.jpg)" \/>/.exec(
      page.body,
    )![1]!;
    const jpeg = await t.app.inject(preview);
    expect(jpeg.statusCode).toBe(200);
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
  });

  it('draws an SVG logo into pixels, so no SVG is ever served back', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20"><script>alert(1)</script><rect width="40" height="20" fill="#1d4e89"/></svg>',
    );
    const res = await upload(svg, 'logo.svg', 'image/svg+xml');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ url: string }>().url).toMatch(/-512x256\.webp$/);
    expect(brandFiles().every((f) => /\.(webp|png)$/.test(f))).toBe(true);
  });

  it('refuses an SVG with entities or outside references, another format, text and more than 2 MB, storing nothing', async () => {
    const before = brandFiles();
    const cases: [Buffer, string, number, string][] = [
      [
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg"><text>&a;</text></svg>',
        ),
        'image/svg+xml',
        400,
        'An SVG with a DOCTYPE or entities is not accepted: export it again as plain SVG or PNG',
      ],
      [
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="file:///etc/passwd" width="10" height="10"/></svg>',
        ),
        'image/svg+xml',
        400,
        'An SVG that loads other files is not accepted: export it with everything inside, or as PNG',
      ],
      [
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .jpeg()
          .toBuffer(),
        'image/jpeg',
        400,
        'Upload the logo as an SVG, PNG or WebP picture',
      ],
      [
        Buffer.from('hello, not a picture'),
        'text/plain',
        400,
        'Upload the logo as an SVG, PNG or WebP picture',
      ],
      [Buffer.alloc(MAX_BRAND_PICTURE_BYTES + 1, 1), 'image/png', 413, 'The picture is larger than 2 MB'],
    ];
    for (const [bytes, type, status, message] of cases) {
      const res = await upload(bytes, 'logo', type);
      expect(res.statusCode, message).toBe(status);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect(brandFiles()).toEqual(before);
  });
});
