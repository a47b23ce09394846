import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';

export const corsPlugin = fp(async (app: FastifyInstance) => {
  const allowed = app.config.corsOrigins;
  if (allowed.length === 0) return;
  await app.register(cors, {
    // A function, so another origin gets no CORS header at all (a list still sends it credentials).
    origin: (origin, done) => done(null, origin !== undefined && allowed.includes(origin) ? origin : false),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', 'idempotency-key'],
    maxAge: 600,
  });
});
