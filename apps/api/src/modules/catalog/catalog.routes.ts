import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder until this module lands.
export const brandRoutes: FastifyPluginAsyncZod = async () => {};
export const categoryRoutes: FastifyPluginAsyncZod = async () => {};
