import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, repoRoot } from '../env.ts';
import { startTestBucket, type TestBucket } from '../../test/s3.ts';
import { storeImage } from '../modules/uploads/uploads.service.ts';
import { createLocalStorage } from './local.ts';
import { PICTURE_CACHE_CONTROL } from './storage.ts';

const run = promisify(execFile);

let s3: TestBucket;
let dataDir: string;
beforeAll(async () => {
  s3 = await startTestBucket();
  dataDir = mkdtempSync(join(tmpdir(), 'shop-migrate-'));
});
afterAll(async () => {
  await s3.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run storage:migrate` as an operator runs it, with this folder and the test bucket. */
async function migrate(env: Record<string, string> = s3.env): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'storage:migrate'], { cwd: repoRoot(), env: childEnv({ DATA_DIR: dataDir, ...env }), timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const copiedKeys = (stdout: string) => [...stdout.matchAll(/^ {2}copied (\S+)$/gm)].map((m) => m[1]).sort();

describe('npm run storage:migrate', () => {
  it('copies DATA_DIR/uploads into the bucket under the same keys, skipping what is there, and prints what it copied', async () => {
    const local = createLocalStorage(join(dataDir, 'uploads'));
    const upload = await storeImage(local, sharp({ create: { width: 900, height: 1200, channels: 3, background: '#7a1f2b' } }));
    await storeImage(local, sharp({ create: { width: 600, height: 800, channels: 3, background: '#e0a526' } }), { name: 'catalogue/v1-s1-d0-drape' });
    // A file that is no picture must never reach a public bucket.
    writeFileSync(join(dataDir, 'uploads', 'planted.html'), '<script>alert(1)</script>');
    // Already in the bucket (another host's upload): left as it is.
    await s3.storage.put(`${upload.name}-400.webp`, Buffer.from('already there'), 'image/webp');
    const before = readdirSync(join(dataDir, 'uploads'), { recursive: true }).sort();

    const first = await migrate();
    expect(first.code, first.stderr).toBe(0);
    const expected = [`${upload.name}-800.webp`, `${upload.name}.webp`, 'catalogue/v1-s1-d0-drape-400.webp', 'catalogue/v1-s1-d0-drape-800.webp', 'catalogue/v1-s1-d0-drape.webp'].sort();
    expect(copiedKeys(first.stdout)).toEqual(expected);
    expect(first.stdout).toContain('left planted.html (not a picture)');
    expect(first.stdout).toMatch(/^5 copied, 1 already in the bucket, 1 left out\.$/m);

    expect(await s3.storage.list()).toEqual([...expected, `${upload.name}-400.webp`].sort());
    for (const key of expected) {
      const object = await s3.fetchPublic(key);
      expect(object, key).toMatchObject({ status: 200, contentType: 'image/webp', cacheControl: PICTURE_CACHE_CONTROL });
      expect(object.body.equals((await local.get(key))!), key).toBe(true);
    }
    expect((await s3.storage.get(`${upload.name}-400.webp`))?.toString()).toBe('already there');
    expect(await s3.storage.exists('planted.html')).toBe(false);
    expect(readdirSync(join(dataDir, 'uploads'), { recursive: true }).sort(), 'the folder is left as it was').toEqual(before);

    const again = await migrate();
    expect(again.code, again.stderr).toBe(0);
    expect(copiedKeys(again.stdout)).toEqual([]);
    expect(again.stdout).toMatch(/^0 copied, 6 already in the bucket, 1 left out\.$/m);
  }, 120_000);

  it('refuses to run without a bucket configured', async () => {
    const res = await migrate({});
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('set S3_BUCKET, S3_PUBLIC_URL');
  }, 60_000);
});
