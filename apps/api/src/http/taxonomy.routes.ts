import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionBodySchema, optionListQuerySchema } from '@shop/shared';
import { BRANDS, CATEGORIES, createOption, listOptions } from '../modules/taxonomy/taxonomy.service.ts';

function optionRoutes(kind: typeof BRANDS | typeof CATEGORIES): FastifyPluginAsyncZod {
  const tags = ['catalog'];
  return async (app) => {
    app.get(
      '/',
      {
        config: { access: 'open' },
        schema: { tags, summary: `List ${kind.noun} options by label; inUse=true only those a live product carries`, querystring: optionListQuerySchema },
      },
      (req) => listOptions(app.db, kind, req.query.inUse === 'true'),
    );
    app.post(
      '/',
      { config: { access: 'staff' }, schema: { tags, summary: `Add a ${kind.noun} (admin); a duplicate value is 409`, body: optionBodySchema } },
      async (req, reply) => reply.code(201).send(await createOption(app.db, kind.table, req.body, kind.duplicate)),
    );
  };
}

export const brandRoutes = optionRoutes(BRANDS);
export const categoryRoutes = optionRoutes(CATEGORIES);
