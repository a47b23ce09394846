import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { createStorage } from './index.ts';
import { createLocalStorage } from './local.ts';

const dir = mkdtempSync(join(tmpdir(), 'shop-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the local driver (the default)', () => {
  it('is chosen without S3_BUCKET and keeps pictures in DATA_DIR/uploads under their keys, as files', async () => {
    const config = parseEnv({ DATA_DIR: dir });
    expect(config.s3).toBeUndefined();
    expect(config.pictureUrlPrefix).toBeUndefined();
    const storage = await createStorage(config);
    expect(storage.location).toBe(join(dir, 'uploads'));
    await storage.put('abc.webp', Buffer.from('main'), 'image/webp');
    await storage.put('catalogue/v1-s1-d0-drape-400.webp', Buffer.from('small'), 'image/webp');
    expect(readFileSync(join(dir, 'uploads', 'abc.webp'), 'utf8')).toBe('main');
    expect(readFileSync(join(dir, 'uploads', 'catalogue', 'v1-s1-d0-drape-400.webp'), 'utf8')).toBe('small');
    expect(await storage.exists('abc.webp')).toBe(true);
    expect((await storage.get('catalogue/v1-s1-d0-drape-400.webp'))?.toString()).toBe('small');
    expect(await storage.exists('nothing.webp')).toBe(false);
    expect(await storage.get('nothing.webp')).toBeUndefined();
  });

  it('keeps a file it already holds, and leaves no temporary file behind', async () => {
    const storage = createLocalStorage(join(dir, 'once'));
    await storage.put('same.webp', Buffer.from('first'), 'image/webp');
    await storage.put('same.webp', Buffer.from('second'), 'image/webp');
    expect(readFileSync(join(dir, 'once', 'same.webp'), 'utf8')).toBe('first');
    expect(readdirSync(join(dir, 'once'))).toEqual(['same.webp']);
  });

  it('lists keys below a prefix, without hidden or temporary files, and nothing for a missing folder', async () => {
    const root = join(dir, 'listed');
    mkdirSync(join(root, 'catalogue'), { recursive: true });
    for (const f of ['b.webp', 'a.webp', 'catalogue/x.webp', 'catalogue/.x.webp.1a2b.tmp', '.DS_Store']) writeFileSync(join(root, f), f);
    const storage = createLocalStorage(root);
    expect(await storage.list()).toEqual(['a.webp', 'b.webp', 'catalogue/x.webp']);
    expect(await storage.list('catalogue/')).toEqual(['catalogue/x.webp']);
    expect(await storage.list('b')).toEqual(['b.webp']);
    expect(await createLocalStorage(join(dir, 'absent')).list('catalogue/')).toEqual([]);
  });

  it('refuses keys that would leave its folder or name a hidden file', async () => {
    const storage = createLocalStorage(join(dir, 'fenced'));
    for (const key of ['../escape.webp', 'catalogue/../../escape.webp', '/etc/escape.webp', '.hidden.webp', 'a//b.webp', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/Not a picture key/);
    }
    expect(readdirSync(dir)).not.toContain('escape.webp');
  });
});

describe('S3_* configuration', () => {
  const bucket = { S3_BUCKET: 'shop-pictures', S3_PUBLIC_URL: 'https://cdn.example.in/pictures/' };

  it('turns the bucket on with S3_BUCKET and names pictures under S3_PUBLIC_URL', () => {
    const config = parseEnv({ ...bucket, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true' });
    expect(config.s3).toEqual({
      bucket: 'shop-pictures',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
      publicUrl: 'https://cdn.example.in/pictures',
    });
    expect(config.pictureUrlPrefix).toBe('https://cdn.example.in/pictures/');
    // Amazon S3 itself, with the SDK's own credentials (an instance role) and virtual-hosted addresses.
    expect(parseEnv({ ...bucket, S3_REGION: 'ap-south-1' }).s3).toMatchObject({ endpoint: undefined, region: 'ap-south-1', credentials: undefined, forcePathStyle: false });
  });

  it('puts the bucket’s URL before a client origin’s base, and keeps that base for the local folder', () => {
    expect(parseEnv({ ...bucket, CORS_ORIGIN: 'http://localhost:3001' }).pictureUrlPrefix).toBe('https://cdn.example.in/pictures/');
    expect(parseEnv({ CORS_ORIGIN: 'http://localhost:3001', PUBLIC_URL: 'http://localhost:3000' }).pictureUrlPrefix).toBe('http://localhost:3000/uploads/');
    expect(parseEnv({ ASSET_BASE_URL: 'https://cdn.example.in/' }).pictureUrlPrefix).toBe('https://cdn.example.in/uploads/');
  });

  it('refuses a bucket without S3_PUBLIC_URL, S3_* without a bucket, half a key pair and a second picture base', () => {
    expect(() => parseEnv({ S3_BUCKET: 'shop-pictures' })).toThrow(/S3_BUCKET needs S3_PUBLIC_URL/);
    expect(() => parseEnv({ S3_PUBLIC_URL: 'https://cdn.example.in' })).toThrow(/S3_PUBLIC_URL is set but S3_BUCKET is not/);
    expect(() => parseEnv({ ...bucket, S3_ACCESS_KEY_ID: 'id' })).toThrow(/go together/);
    expect(() => parseEnv({ ...bucket, ASSET_BASE_URL: 'https://cdn.example.in' })).toThrow(/ASSET_BASE_URL/);
    expect(() => parseEnv({ ...bucket, S3_PUBLIC_URL: 'https://cdn.example.in/p?sig=1' })).toThrow(/without \? or #/);
    expect(() => parseEnv({ ...bucket, S3_PUBLIC_URL: 'ftp://cdn.example.in' })).toThrow(/S3_PUBLIC_URL/);
  });
});
