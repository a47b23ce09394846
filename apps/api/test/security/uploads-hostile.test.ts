import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@shop/shared';
import { createTestApp, type TestApp } from '../app.ts';
import { shopper } from '../commerce.ts';
import { multipart } from './route-cases.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await shopper(t.db, 'admin')).cookie;
});
afterAll(() => t.close());

const upload = (bytes: Buffer, filename = 'saree.png', type = 'image/png') => {
  const form = multipart(bytes, filename, type);
  return t.app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie: admin, ...form.headers }, payload: form.payload });
};

/** Every file under a folder, as paths relative to it. */
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path).map((p) => join(name, p)) : [name];
  });
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG, pixel data and all, of a black square `side` pixels wide: tiny on disk, huge in memory. */
function pngBomb(side: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.writeUInt8(1, 8); // 1 bit per pixel
  ihdr.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side); // filter byte 0 and zero pixels on every row
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const SCRIPT = '<script>alert(document.cookie)</script>';
const refused = { message: 'File is not a valid image' };

describe('hostile uploads', () => {
  it('refuses an HTML page renamed .png', async () => {
    const res = await upload(Buffer.from(`<!doctype html><html><body>${SCRIPT}</body></html>`), 'photo.png');
    expect([res.statusCode, res.json()]).toEqual([400, refused]);
  });

  it('refuses an SVG with a script renamed .png and sent as image/png', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40"/>${SCRIPT}</svg>`;
    const res = await upload(Buffer.from(svg), 'photo.png', 'image/png');
    expect([res.statusCode, res.json()]).toEqual([400, refused]);
  });

  it('re-encodes a PNG that is also an HTML page (script in a text chunk and after the end) into a clean WebP', async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#7a1f2b' } }).png().toBuffer();
    const iend = png.length - 12;
    const polyglot = Buffer.concat([png.subarray(0, iend), chunk('tEXt', Buffer.from(`Comment\0${SCRIPT}`, 'latin1')), png.subarray(iend), Buffer.from(`<html>${SCRIPT}</html>`)]);
    const res = await upload(polyglot, 'polyglot.png');
    expect(res.statusCode).toBe(200);
    const stored = readFileSync(join(t.config.uploadsDir, res.json<{ url: string }>().url.replace('/uploads/', '')));
    expect(stored.subarray(0, 4).toString('latin1') + stored.subarray(8, 12).toString('latin1')).toBe('RIFFWEBP');
    expect(stored.toString('latin1')).not.toContain('script');
  });

  it('re-encodes a JPEG whose comment and EXIF carry HTML, dropping them', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#e0a526' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { ImageDescription: SCRIPT, Artist: '<img src=x onerror=alert(1)>' } } })
      .toBuffer();
    expect(jpeg.toString('latin1')).toContain('script');
    const res = await upload(jpeg, 'photo.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const stored = readFileSync(join(t.config.uploadsDir, res.json<{ url: string }>().url.replace('/uploads/', '')));
    expect(stored.toString('latin1')).not.toMatch(/script|onerror/);
  });

  it('refuses a real decompression bomb: a 60 KB PNG of 15 000 × 15 000 pixels', async () => {
    const bomb = pngBomb(15_000);
    expect(bomb.length).toBeLessThan(100_000);
    const before = walk(t.config.uploadsDir);
    const res = await upload(bomb, 'bomb.png');
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'Image dimensions are too large' }]);
    expect(walk(t.config.uploadsDir)).toEqual(before);
  });

  it('refuses a real 11 MB image with 413 Image size should be less than 10MB and stores nothing', async () => {
    const noise = await sharp(randomBytes(2000 * 1900 * 3), { raw: { width: 2000, height: 1900, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(11 * 1_000_000);
    expect(noise.length).toBeGreaterThan(MAX_IMAGE_BYTES);
    const before = walk(t.config.uploadsDir);
    const res = await upload(noise, 'huge.png');
    expect([res.statusCode, res.json()]).toEqual([413, { message: 'Image size should be less than 10MB' }]);
    expect(walk(t.config.uploadsDir)).toEqual(before);
  });

  it('ignores a path-traversing file name: the picture is stored by content hash inside the uploads folder', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#112233' } }).png().toBuffer();
    const res = await upload(png, '../../../../evil.html', 'text/html');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ url: string }>().url).toMatch(/^\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(walk(t.dataDir).filter((p) => /evil/.test(p))).toEqual([]);
  });

  it('serves every stored upload as image/webp with nosniff, and nothing else from the folder', async () => {
    const files = walk(t.config.uploadsDir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file, 'only WebP is ever written').toMatch(/^[0-9a-f]{64}(-\d+)?\.webp$/);
      const res = await t.app.inject(`/uploads/${file}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    for (const url of ['/uploads/../package.json', '/uploads/..%2f..%2fpackage.json', '/uploads/%2e%2e/%2e%2e/package.json', `/uploads/${relative(t.config.uploadsDir, '/etc/passwd')}`]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toMatch(/"workspaces"|root:/);
    }
  });

  it('would not run a script even from a page someone put in the uploads folder by hand: the CSP forbids inline scripts', async () => {
    writeFileSync(join(t.config.uploadsDir, 'planted.html'), `<html>${SCRIPT}</html>`);
    const res = await t.app.inject('/uploads/planted.html');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(csp).toMatch(/object-src 'none'/);
  });
});
