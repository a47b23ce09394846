import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagePreviewBodySchema, shopPageBodySchema } from '@shop/shared';
import { renderMarkdown } from '../modules/pages/markdown.ts';
import { getPage, listPages, pageSlug, resetPage, savePage } from '../modules/pages/pages.service.ts';

const tags = ['pages'];
const slugParams = z.object({ slug: z.string().max(50) });

export const pageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { config: { access: 'open' }, schema: { tags, summary: 'The shop pages: slug, title, summary, when edited' } }, () => listPages(app.db));

  app.get(
    '/:slug',
    { config: { access: 'open' }, schema: { tags, summary: 'One shop page, its Markdown and sanitised HTML', params: slugParams } },
    (req) => getPage(app.db, pageSlug(req.params.slug)),
  );

  app.put(
    '/:slug',
    { config: { access: 'admin' }, schema: { tags, summary: 'Save a shop page (admin)', params: slugParams, body: shopPageBodySchema } },
    (req) => savePage(app.db, pageSlug(req.params.slug), req.body, req.user!.id),
  );

  app.delete(
    '/:slug',
    { config: { access: 'admin' }, schema: { tags, summary: 'Put a shop page back to its default text (admin)', params: slugParams } },
    (req) => resetPage(app.db, pageSlug(req.params.slug)),
  );

  app.post(
    '/preview',
    { config: { access: 'admin' }, schema: { tags, summary: 'Markdown as the page will show it, sanitised (admin)', body: pagePreviewBodySchema } },
    (req) => ({ html: renderMarkdown(req.body.markdown) }),
  );
};
