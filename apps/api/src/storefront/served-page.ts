import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dirname, join } from 'node:path';
import { CANONICAL_POSITIVE_INT_RE, MAX_ID, SHOP_NAME, SHOP_PAGE_SLUGS, type Product, type ProductList } from '@shop/shared';
import { isAppPage } from '@shop/shared/page-routes';
import { getPageText } from '../modules/pages/pages.service.ts';
import { getProductJson, listShopperProductsJson } from '../modules/products/products.queries.ts';
import { BRANDS, CATEGORIES, listOptions } from '../modules/taxonomy/taxonomy.service.ts';
import { HOME_QUERY, loadFirstPaint, type Catalogue } from './first-paint.ts';
import { HttpError } from '../lib/errors.ts';
import { isApiRequest } from '../lib/canonical-path.ts';
import { PageTemplate, renderHead, type PageHead } from './head.ts';
import { routeAssets } from './route-scripts.ts';
import { previewJpeg } from './og-image.ts';
import { listingHead, missingPageHead, missingProductHead, productHead, shopPageHead, type Addresses } from './page-heads.ts';
import { robotsTxt, sitemapFile, sitemapIndex, sitemapPlan } from './sitemap.ts';

const BARE_PAGE = '<!doctype html>\n<html lang="en-IN">\n  <head>\n    <meta charset="UTF-8" />\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

export class HtmlPage {
  private br: Buffer | undefined;
  private gz: Buffer | undefined;

  constructor(
    readonly status: number,
    readonly html: string,
  ) {}

  body(encoding: 'br' | 'gzip' | undefined): Buffer | string {
    // Quality 5: a few kilobytes compress in well under a millisecond, within a few per cent of 11.
    if (encoding === 'br') return (this.br ??= brotliCompressSync(this.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
    if (encoding === 'gzip') return (this.gz ??= gzipSync(this.html));
    return this.html;
  }
}

function acceptedEncoding(req: FastifyRequest): 'br' | 'gzip' | undefined {
  const accept = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b(?!;q=0(\.0+)?\b)/.test(accept)) return 'br';
  if (/\bgzip\b(?!;q=0(\.0+)?\b)/.test(accept)) return 'gzip';
  return undefined;
}

export function sendPage(req: FastifyRequest, reply: FastifyReply, page: HtmlPage): FastifyReply {
  const encoding = acceptedEncoding(req);
  reply.code(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(page.body(encoding));
}

export interface StorefrontOptions {
  indexHtml: string | undefined;
  /** Sends the app's shell for a page the storefront does not draw itself. */
  sendShell: (reply: FastifyReply) => FastifyReply;
}

const listingQuerySchema = z.object({
  search: z.string().optional().catch(undefined),
  category: z.union([z.string(), z.array(z.string())]).optional().catch(undefined),
});
// What the app's listing reads from the URL (apps/web/src/features/product/listing-query.ts).
const LISTING_PARAMS = ['search', 'category', 'brand', 'sort', 'page'];
const productParamsSchema = z.object({ id: z.string().max(500) });
const sitemapParamsSchema = z.object({
  file: z.string().regex(/^[1-9][0-9]{0,5}$/, 'Not found').transform(Number),
});

// Decision 019: crawlers and link previews run no JavaScript, so the head carries the product.
export const storefrontRoutes: FastifyPluginAsyncZod<StorefrontOptions> = async (app, opts) => {
  const template = new PageTemplate(opts.indexHtml ? readFileSync(opts.indexHtml, 'utf8') : BARE_PAGE);
  const addresses: Addresses = { publicUrl: app.config.publicUrl, pictureUrlPrefix: app.config.pictureUrlPrefix };
  const render = (head: PageHead, status = 200, paint?: string) =>
    new HtmlPage(status, template.render(renderHead(head, addresses.publicUrl), paint));
  const firstPaint = await loadFirstPaint(opts.indexHtml);
  const paintOrNone = (draw: () => string): string | undefined => {
    try {
      return draw();
    } catch (err) {
      app.log.error({ err }, 'the first paint could not be drawn');
      return undefined;
    }
  };

  const manifest = opts.indexHtml ? join(dirname(opts.indexHtml), '.vite', 'manifest.json') : undefined;
  const homeAssets = routeAssets(manifest, 'src/app/routes/home.tsx');
  const productAssets = routeAssets(manifest, 'src/app/routes/product-detail.tsx');

  // No preloaded card pictures: on a slow network they starve the scripts (docs/performance.md).
  const home = render({ ...listingHead(addresses, {}), preload: homeAssets });
  const homePage = async (): Promise<HtmlPage> => {
    if (!firstPaint) return home;
    const [json, catalogue] = await Promise.all([
      listShopperProductsJson(app.db, HOME_QUERY, app.productCache),
      app.productCache.get('first-paint:catalogue', async (): Promise<Catalogue> => {
        const [categories, brands] = await Promise.all([listOptions(app.db, CATEGORIES, true), listOptions(app.db, BRANDS, true)]);
        return { categories, brands };
      }),
    ]);
    const key = `page:home:${createHash('sha1').update(json).update(JSON.stringify(catalogue)).digest('base64')}`;
    return app.productCache.get(key, async () => {
      const drawn = paintOrNone(() => firstPaint.home(JSON.parse(json) as ProductList, catalogue));
      return drawn ? render(listingHead(addresses, {}), 200, drawn) : home;
    }, 'pages');
  };
  app.get('/', { config: { access: 'open' }, schema: { hide: true, querystring: listingQuerySchema } }, async (req, reply) => {
    const { search, category } = req.query;
    const one = typeof category === 'string' ? category : category?.length === 1 ? category[0] : undefined;
    if (search?.trim() || one?.trim()) return sendPage(req, reply, render({ ...listingHead(addresses, { search, category: one }), preload: homeAssets }));
    const asked = new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1 || req.url.length));
    return sendPage(req, reply, LISTING_PARAMS.some((k) => asked.has(k)) ? home : await homePage());
  });

  // The stock is read fresh (a checkout empties no cache): the head says whether it is in stock.
  const productPage = async (id: number): Promise<HtmlPage> => {
    let json: string;
    try {
      json = await getProductJson(app.db, id, null, app.productCache);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) return render(missingProductHead(addresses, `/product-detail/${id}`), 404);
      throw err;
    }
    const key = `page:product:${id}:${createHash('sha1').update(json).digest('base64')}`;
    return app.productCache.get(key, async () => {
      const product = JSON.parse(json) as Product;
      const drawn = firstPaint && paintOrNone(() => firstPaint.product(product));
      return drawn ? render(productHead(addresses, product), 200, drawn) : render({ ...productHead(addresses, product), preload: productAssets });
    }, 'pages');
  };
  app.get(
    '/product-detail/:id',
    { config: { access: 'open' }, schema: { hide: true, params: productParamsSchema } },
    async (req, reply) => {
      const { id } = req.params;
      if (!CANONICAL_POSITIVE_INT_RE.test(id) || Number(id) > MAX_ID) {
        return sendPage(req, reply, render(missingProductHead(addresses, `/product-detail/${encodeURIComponent(id)}`), 404));
      }
      return sendPage(req, reply, await productPage(Number(id)));
    },
  );

  // Not cached, so an edit shows at once in every process.
  for (const slug of SHOP_PAGE_SLUGS) {
    app.get(`/${slug}`, { config: { access: 'open' }, schema: { hide: true } }, async (req, reply) => {
      const text = await getPageText(app.db, slug);
      return sendPage(req, reply, render(shopPageHead(addresses, { path: `/${slug}`, title: text.title, description: text.summary })));
    });
  }

  const collections = render(
    shopPageHead(addresses, {
      path: '/collections',
      title: 'Collections',
      description: `Every collection of ${SHOP_NAME}, from wedding silks to everyday cottons: choose one to see all of it.`,
    }),
  );
  app.get('/collections', { config: { access: 'open' }, schema: { hide: true } }, (req, reply) => sendPage(req, reply, collections));

  app.get('/og-image/*', { config: { access: 'open' }, schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const jpeg = key.endsWith('.jpg') ? await previewJpeg(app.storage, key.slice(0, -'.jpg'.length)) : undefined;
    if (!jpeg) return reply.code(404).send({ message: 'Not found' });
    return reply.type('image/jpeg').header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(jpeg);
  });

  // docs/product.md, Routes: an address the app has no page for is a 404, so that search engines drop it.
  app.setNotFoundHandler((req, reply) => {
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiRequest(req) && !req.url.startsWith('/uploads/');
    if (!opts.indexHtml || !isPage) return reply.code(404).send({ message: 'Not found' });
    const path = req.url.split('?')[0]!;
    if (isAppPage(path)) return opts.sendShell(reply);
    return sendPage(req, reply, render(missingPageHead(addresses, path), 404));
  });

  const crawlerCache = 'public, max-age=3600';
  app.get('/robots.txt', { config: { access: 'open' }, schema: { hide: true } }, (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', crawlerCache).send(robotsTxt(addresses.publicUrl)),
  );
  app.get('/sitemap.xml', { config: { access: 'open' }, schema: { hide: true } }, async (_req, reply) => {
    const plan = await sitemapPlan(app.db);
    reply.type('application/xml; charset=utf-8').header('cache-control', crawlerCache);
    return reply.send(plan.files === 1 ? sitemapFile(app.db, addresses.publicUrl, plan, 1) : sitemapIndex(addresses.publicUrl, plan));
  });
  app.get('/sitemap-:file.xml', { config: { access: 'open' }, schema: { hide: true, params: sitemapParamsSchema } }, async (req, reply) => {
    const plan = await sitemapPlan(app.db);
    if (plan.files === 1 || req.params.file > plan.files) return reply.code(404).send({ message: 'Not found' });
    return reply.type('application/xml; charset=utf-8').header('cache-control', crawlerCache).send(sitemapFile(app.db, addresses.publicUrl, plan, req.params.file));
  });
};
