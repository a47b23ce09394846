import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

// helmet itself, built once: @fastify/helmet builds the headers per request (docs/performance.md).
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const https = app.config.publicUrl.startsWith('https://');
  const headers = helmet({
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
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: https,
  });
  app.addHook('onRequest', (req, reply, done) => headers(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)));
});
