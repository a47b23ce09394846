import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import helmet from 'helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MAX_IMAGE_BYTES } from '@shop/shared';
import type { Database } from './db/client.ts';
import type { Config } from './env.ts';
import './types.ts';
import { createBackground } from './lib/background.ts';
import { canonicalUrl, isApiRequest } from './lib/canonical-path.ts';
import { accessPlugin, declareScopeAccess } from './plugins/access.ts';
import { assetUrlsPlugin } from './plugins/asset-urls.ts';
import { slowBodyPlugin } from './plugins/slow-body.ts';
import { jobsPlugin } from './plugins/jobs.ts';
import { jobRoutes } from './http/jobs.routes.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { healthPlugin } from './plugins/health.ts';
import { originPlugin } from './plugins/origin.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { sessionPlugin } from './plugins/session.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import type { PaymentProvider } from './modules/payments/provider.ts';
import { createPaymentProvider } from './modules/payments/providers.ts';
import { authRoutes } from './http/auth.routes.ts';
import { resetRequestRoutes } from './http/password-reset.routes.ts';
import { userRoutes } from './http/users.routes.ts';
import { productRoutes } from './http/products.routes.ts';
import { listenForProductWrites, ProductCache } from './modules/products/product-cache.ts';
import { brandRoutes, categoryRoutes } from './http/taxonomy.routes.ts';
import { uploadRoutes } from './http/uploads.routes.ts';
import { cartRoutes } from './http/cart.routes.ts';
import { orderRoutes } from './http/orders.routes.ts';
import { paymentRoutes } from './http/payments.routes.ts';
import { pageRoutes } from './http/pages.routes.ts';
import { settingsRoutes } from './http/settings.routes.ts';
import { ensureShopSettings, getShopSettings } from './modules/settings/settings.service.ts';
import { documentRoutes, reportRoutes } from './http/invoices.routes.ts';
import { dashboardRoutes } from './http/dashboard.routes.ts';
import { createStorage, isPictureKey } from './storage/index.ts';
import { storefrontRoutes } from './storefront/served-page.ts';

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
    // Every hook and the router see one spelling of the path (lib/canonical-path.ts).
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/'),
    // A client that trickles its request is cut (docs/security.md); see also plugins/slow-body.ts.
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
  app.decorate('database', opts.database);
  app.decorate('db', opts.database.db);
  // Modules may not import one another: the orders' and auth's mails are signed with these settings.
  app.decorate('shopSettings', getShopSettings);
  app.decorate(
    'mailer',
    opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox'), log: (m) => app.log.warn(m) }),
  );
  app.decorate('storage', await createStorage(config));
  app.addHook('onClose', () => app.storage.close());
  app.decorate('background', createBackground((err, what) => app.log.error({ err }, `${what} failed`)));
  app.addHook('onClose', () => app.background.drain());
  app.decorate('payments', opts.payments ?? (await createPaymentProvider(config, opts.database.db)));
  app.decorate('productCache', new ProductCache());
  app.productCache.background = app.background;
  if (config.productCache) app.addHook('onClose', await listenForProductWrites(opts.database, app.productCache));

  await app.register(errorsPlugin);
  await app.register(jobsPlugin);
  await app.register(slowBodyPlugin);
  if (config.corsOrigins.length) {
    // Decision 011: a separate web origin calls with credentials; exact origins only, nothing for others.
    await app.register(cors, {
      // A function, so another origin gets no CORS header at all (a list still sends it credentials).
      origin: (origin, done) => done(null, origin !== undefined && config.corsOrigins.includes(origin) ? origin : false),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['content-type', 'idempotency-key'],
      maxAge: 600,
    });
  }
  await app.register(assetUrlsPlugin);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 65_536 });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, fieldSize: 1024 } });
  // Built once: @fastify/helmet builds it per request. No route uses CSP nonces or per-route options.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://checkout.razorpay.com'],
        frameSrc: ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
        connectSrc: ["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'", 'https://api.razorpay.com'],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (req, reply, done) => securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
  await app.register(rateLimitPlugin);
  await app.register(swagger, {
    openapi: { info: { title: 'Saree Pari shop API', version: '1.0.0' }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(sessionPlugin);
  await app.register(originPlugin);
  await app.register(accessPlugin);

  // The OpenAPI pages list routes, not data: open, but declared and checked like every route.
  await app.register(async (docs) => {
    declareScopeAccess(docs, 'open');
    await docs.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  });

  await app.register(healthPlugin);
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(resetRequestRoutes, { prefix: '/api/mail' });
  await app.register(userRoutes, { prefix: '/api/users' });
  await app.register(productRoutes, { prefix: '/api/products' });
  await app.register(brandRoutes, { prefix: '/api/brands' });
  await app.register(categoryRoutes, { prefix: '/api/category' });
  await app.register(uploadRoutes, { prefix: '/api/uploads' });
  await app.register(cartRoutes, { prefix: '/api/cart' });
  await app.register(orderRoutes, { prefix: '/api/orders' });
  await app.register(documentRoutes, { prefix: '/api/orders' });
  await app.register(reportRoutes, { prefix: '/api/reports' });
  await app.register(paymentRoutes, { prefix: '/api/payment' });
  await app.register(jobRoutes, { prefix: '/api/jobs' });
  await app.register(pageRoutes, { prefix: '/api/pages' });
  await app.register(settingsRoutes, { prefix: '/api/settings' });
  await ensureShopSettings(app.db, config.shop);
  await app.register(dashboardRoutes, { prefix: '/api/dashboard' });

  const { s3 } = config;
  if (s3) {
    // 302: S3_PUBLIC_URL may move, and a browser keeps a 301 for good (docs/decisions/012).
    app.get('/uploads/*', { config: { access: 'open' } }, async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (!isPictureKey(key)) return reply.code(404).send({ message: 'Not found' });
      return reply.redirect(`${s3.publicUrl}/${key}`, 302);
    });
  } else {
    await app.register(fastifyStatic, {
      root: config.uploadsDir,
      prefix: '/uploads/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      setHeaders: (res) => {
        res.header('X-Content-Type-Options', 'nosniff');
        // Pictures named absolutely for a client on another origin must load there too.
        if (config.assetBaseUrl) res.header('Cross-Origin-Resource-Policy', 'cross-origin');
      },
    });
  }
  const indexHtml = join(config.webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        // Hashed file names never change; the page and the root files are checked on every visit.
        res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  await app.register(storefrontRoutes, { indexHtml: hasWeb ? indexHtml : undefined });
  // The SPA fallback: every other page route loads the app; /api and /uploads misses stay JSON 404s.
  app.setNotFoundHandler((req, reply) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiRequest(req) && !req.url.startsWith('/uploads/');
    if (hasWeb && isPage) return reply.sendFile('index.html', config.webDist);
    return reply.code(404).send({ message: 'Not found' });
  });

  return app;
}
