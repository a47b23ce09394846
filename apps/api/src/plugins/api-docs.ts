import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from '../modules/auth/sessions.ts';
import { declareScopeAccess } from './access.ts';

const WHO = { open: 'Anyone may call it.', user: 'A signed-in account.', staff: 'The owner (admin) or a staff account.', admin: 'The owner (an admin account).' } as const;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: { config?: { access?: keyof typeof WHO } } };

/** Each operation says who may call it (`x-access` and a line in its description), as the access plugin enforces it. */
function withAccess(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const access = input.route.config?.access;
  if (!access) return out;
  const schema = (out.schema ?? {}) as Record<string, unknown>;
  const description = [WHO[access], schema.description].filter(Boolean).join(' ');
  return {
    ...out,
    schema: { ...schema, description, 'x-access': access, ...(access !== 'open' && { security: [{ session: [] }] }) },
  };
}

export const apiDocsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Shop API', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } } },
    },
    transform: withAccess as typeof jsonSchemaTransform,
  });
});

export async function apiDocsPages(app: FastifyInstance): Promise<void> {
  await app.register(async (docs) => {
    declareScopeAccess(docs, 'open');
    await docs.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  });
}
