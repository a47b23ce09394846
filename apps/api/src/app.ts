import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_IMAGE_BYTES } from '@shop/shared';
import type { Database } from './db/client.ts';
import type { Config } from './env.ts';
import './types.ts';
import { apiRoutes } from './http/routes.ts';
import { createBackground } from './lib/background.ts';
import { canonicalUrl } from './lib/canonical-path.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import type { PaymentProvider } from './modules/payments/provider.ts';
import { createPaymentProvider } from './modules/payments/providers.ts';
import { listenForProductWrites, ProductCache } from './modules/products/product-cache.ts';
import { ensureShopSettings } from './modules/settings/settings.service.ts';
import { accessPlugin } from './plugins/access.ts';
import { apiDocsPages, apiDocsPlugin } from './plugins/api-docs.ts';
import { assetUrlsPlugin } from './plugins/asset-urls.ts';
import { corsPlugin } from './plugins/cors.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { healthPlugin } from './plugins/health.ts';
import { housekeepingPlugin } from './plugins/housekeeping.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { originPlugin } from './plugins/origin.ts';
import { pictureFiles } from './plugins/picture-files.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';
import { slowBodyPlugin } from './plugins/slow-body.ts';
import { webFiles } from './plugins/web-files.ts';
import { createStorage } from './storage/index.ts';

export interface AppOptions {
  database: Database;
  config: Config;
  mailer?: Mailer;
  payments?: PaymentProvider;
  logger?: boolean;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  if (!config.s3) mkdirSync(config.uploadsDir, { recursive: true });
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // One spelling of the path for every hook and the router (docs/security.md, Attacked from outside).
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/'),
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    connectionTimeout: config.timeouts.idleMs,
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: 2000 },
  }).withTypeProvider<ZodTypeProvider>();

  // The original client sends `content-type: application/json` on body-less DELETEs: empty is no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(req, body as string, done);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', opts.database.db);
  app.decorate(
    'mailer',
    opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), log: (m) => app.log.warn(m) }),
  );
  app.decorate('storage', await createStorage(config));
  app.addHook('onClose', () => app.storage.close());
  app.decorate('background', createBackground((err, what) => app.log.error({ err }, `${what} failed`)));
  app.addHook('onClose', () => app.background.drain());
  app.decorate('payments', opts.payments ?? (await createPaymentProvider(config, opts.database.db, (m) => app.log.warn(m))));
  app.decorate('productCache', new ProductCache());
  app.productCache.background = app.background;
  if (config.productCache) app.addHook('onClose', await listenForProductWrites(opts.database, app.productCache));
  await ensureShopSettings(app.db, config.shop);

  await app.register(errorsPlugin);
  await app.register(jobsPlugin, { database: opts.database });
  await app.register(housekeepingPlugin);
  await app.register(slowBodyPlugin);
  await app.register(corsPlugin);
  await app.register(assetUrlsPlugin);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 65_536 });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
  await app.register(securityHeadersPlugin);
  await app.register(rateLimitPlugin);
  await app.register(apiDocsPlugin);
  await app.register(sessionPlugin);
  await app.register(originPlugin);
  await app.register(accessPlugin);

  await apiDocsPages(app);
  await app.register(healthPlugin);
  await apiRoutes(app);
  await pictureFiles(app);
  await webFiles(app);
  return app;
}
