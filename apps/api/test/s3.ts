import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { parseEnv } from '../src/env.ts';
import { createStorage, type PictureStorage } from '../src/storage/index.ts';

/** A picture as the bucket's public URL serves it. */
export interface PublicObject {
  status: number;
  contentType: string | null;
  cacheControl: string | null;
  body: Buffer;
}

export interface TestBucket {
  bucket: string;
  endpoint: string;
  /** S3_PUBLIC_URL: the bucket's own path-style address, which s3rver serves to anyone. */
  publicUrl: string;
  /** The S3_* variables for the app or a child process. */
  env: Record<string, string>;
  /** A client of the bucket through the S3 driver, to look at what the app stored. */
  storage: PictureStorage;
  /** GET `<publicUrl>/<key>` without credentials, as a browser would. */
  fetchPublic(key: string): Promise<PublicObject>;
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on 127.0.0.1 and a free port, keeping its objects in a
 * temporary folder, with one empty bucket. Never a mock of the SDK: requests are signed, sent
 * and parsed as they are against a cloud store.
 */
export async function startTestBucket(bucket = 'shop-pictures'): Promise<TestBucket> {
  const directory = mkdtempSync(join(tmpdir(), 'shop-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const publicUrl = `${endpoint}/${bucket}`;
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    // s3rver's fixed credentials; it checks the signature made with them.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
    S3_PUBLIC_URL: publicUrl,
  };
  const storage = await createStorage(parseEnv(env));
  return {
    bucket,
    endpoint,
    publicUrl,
    env,
    storage,
    async fetchPublic(key) {
      const res = await fetch(`${publicUrl}/${key}`);
      return { status: res.status, contentType: res.headers.get('content-type'), cacheControl: res.headers.get('cache-control'), body: Buffer.from(await res.arrayBuffer()) };
    },
    async stop() {
      storage.close();
      server.httpServer.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
