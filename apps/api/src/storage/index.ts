import type { Config } from '../env.ts';
import { createLocalStorage } from './local.ts';
import type { PictureStorage } from './storage.ts';

export { createLocalStorage } from './local.ts';
export * from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: PictureStorage;
  }
}

export async function createStorage(config: Pick<Config, 's3' | 'uploadsDir'>): Promise<PictureStorage> {
  if (!config.s3) return createLocalStorage(config.uploadsDir);
  const { createS3Storage } = await import('./s3.ts');
  return createS3Storage(config.s3);
}
