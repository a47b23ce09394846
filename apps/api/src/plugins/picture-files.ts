import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isPictureKey } from '../storage/index.ts';

export async function pictureFiles(app: FastifyInstance): Promise<void> {
  const { s3, uploadsDir, assetBaseUrl } = app.config;
  if (s3) {
    // 302: S3_PUBLIC_URL may move, and a browser keeps a 301 for good (decision 012).
    app.get('/uploads/*', { config: { access: 'open' } }, async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (!isPictureKey(key)) return reply.code(404).send({ message: 'Not found' });
      return reply.redirect(`${s3.publicUrl}/${key}`, 302);
    });
    return;
  }
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    setHeaders: (res) => {
      res.header('X-Content-Type-Options', 'nosniff');
      if (assetBaseUrl) res.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });
}
