import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@shop/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { shopper } from '../../test/commerce.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.reset();
  admin = (await shopper(t.db, 'admin')).cookie;
});

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData would send it. */
function form(parts: Part[]) {
  const boundary = `----shop${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (parts: Part[], cookie: string | null = admin) => {
  const { payload, headers } = form(parts);
  return t.app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
};
const file = (data: Buffer | string, filename = 'saree.png', type = 'image/png'): Part[] => [
  { name: 'upload_preset', data: 'ml_default' },
  { name: 'file', data, filename, type },
];

/** A picture with some detail, so encoders have something to do. */
const picture = (width: number, height: number) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#7a1f2b"/><circle cx="50%" cy="50%" r="30%" fill="#e0a526"/></svg>`));

describe('POST /api/uploads', () => {
  it('stores a PNG as WebP by content hash, at most 1200 px wide, and serves it with immutable caching', async () => {
    const png = await picture(1600, 1200).png().toBuffer();
    const res = await upload(file(png));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ secure_url: body.url, url: expect.stringMatching(/^\/uploads\/[0-9a-f]{64}\.webp$/), width: 1200, height: 900 });
    const served = await t.app.inject(body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1200);
    for (const w of [400, 800]) {
      const variant = await t.app.inject(body.url.replace('.webp', `-${w}.webp`));
      expect(variant.statusCode).toBe(200);
      expect((await sharp(variant.rawPayload).metadata()).width).toBe(w);
    }
  });

  it('turns a JPEG upright and strips its metadata', async () => {
    // Stored sideways with EXIF orientation 6, as phones do; plus a copyright tag to be dropped.
    const jpeg = await picture(300, 200).jpeg().withExifMerge({ IFD0: { Copyright: 'Secret Studio' } }).withMetadata({ orientation: 6 }).toBuffer();
    expect(await sharp(jpeg).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const res = await upload(file(jpeg, 'photo.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ width: 200, height: 300 });
    const stored = await sharp((await t.app.inject(res.json().url)).rawPayload).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it('gives the same picture the same address', async () => {
    const png = await picture(500, 500).png().toBuffer();
    const a = (await upload(file(png, 'a.png'))).json();
    const b = (await upload(file(png, 'b.png'))).json();
    expect(b.url).toBe(a.url);
  });

  it('refuses a text file named .png with 400 File is not a valid image', async () => {
    const res = await upload(file('This is not a picture, only words.', 'fake.png', 'image/png'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'File is not a valid image' });
  });

  it('refuses SVG documents and truncated images', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="file:///etc/passwd"/></svg>';
    expect((await upload(file(svg, 'logo.svg', 'image/svg+xml'))).json()).toEqual({ message: 'File is not a valid image' });
    const png = await picture(400, 400).png().toBuffer();
    const cut = await upload(file(png.subarray(0, Math.floor(png.length / 2))));
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ message: 'File is not a valid image' });
  });

  it('refuses a small file that claims gigapixels (a decompression bomb)', async () => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer();
    // Rewrite the IHDR chunk's width and height to 20000 × 20000 and fix its CRC.
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    const res = await upload(file(png));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Image dimensions are too large' });
  });

  it('refuses a file over 10 MB with 413 Image size should be less than 10MB', async () => {
    const res = await upload(file(randomBytes(MAX_IMAGE_BYTES + 1), 'huge.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Image size should be less than 10MB' });
  });

  it('answers 400 when no file is sent', async () => {
    const onlyPreset = await upload([{ name: 'upload_preset', data: 'ml_default' }]);
    expect(onlyPreset.statusCode).toBe(400);
    expect(onlyPreset.json()).toEqual({ message: 'Choose an image file to upload' });
    const json = await t.app.inject({ method: 'POST', url: '/api/uploads', payload: { file: 'x' }, headers: { cookie: admin } });
    expect(json.statusCode).toBe(400);
  });

  it('refuses visitors with 401 and shoppers with 403, storing nothing', async () => {
    const before = readdirSync(t.config.uploadsDir);
    const png = await picture(50, 50).png().toBuffer();
    expect((await upload(file(png), null)).statusCode).toBe(401);
    const user = (await shopper(t.db, 'user')).cookie;
    const res = await upload(file(png), user);
    expect(res.statusCode).toBe(403);
    expect(readdirSync(t.config.uploadsDir)).toEqual(before);
  });
});
