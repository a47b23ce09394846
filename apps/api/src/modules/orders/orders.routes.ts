import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder until this module lands.
export const orderRoutes: FastifyPluginAsyncZod = async () => {};
