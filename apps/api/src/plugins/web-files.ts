import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { storefrontRoutes } from '../storefront/served-page.ts';

export async function webFiles(app: FastifyInstance): Promise<void> {
  const { webDist } = app.config;
  const indexHtml = join(webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        const hashedName = path.includes('/assets/');
        res.header('Cache-Control', hashedName ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  await app.register(storefrontRoutes, { indexHtml: hasWeb ? indexHtml : undefined });
}
