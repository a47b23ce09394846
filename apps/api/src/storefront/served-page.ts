import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dirname, join } from 'node:path';
import {
  CANONICAL_POSITIVE_INT_RE,
  MAX_ID,
  SHOP_PAGE_SLUGS,
  type Product,
  type ProductList,
} from '@shop/shared';
import { isAppPage } from '@shop/shared/page-routes';
import { getPageText } from '../modules/pages/pages.service.ts';
import { getProductJson, listShopperProductsJson } from '../modules/products/products.queries.ts';
import { headReviews } from '../modules/reviews/reviews.service.ts';
import { BRANDS, CATEGORIES, listOptions } from '../modules/taxonomy/taxonomy.service.ts';
import { HOME_QUERY, loadFirstPaint, type Catalogue } from './first-paint.ts';
import { HttpError } from '../lib/errors.ts';
import { isApiRequest } from '../lib/canonical-path.ts';
import { PageTemplate, renderHead, type PageHead } from './head.ts';
import { routeAssets } from './route-scripts.ts';
import { previewJpeg, shopPreviewJpeg } from './og-image.ts';
import {
  listingHead,
  missingPageHead,
  missingProductHead,
  productHead,
  shellHead,
  shopPageHead,
  type Addresses,
  type Site,
} from './page-heads.ts';
import { getShopBrand } from '../modules/settings/settings.service.ts';
import { manifestJson } from './manifest.ts';
import { robotsTxt, sitemapFile, sitemapIndex, sitemapPlan } from './sitemap.ts';
import { saleBook } from '../flows/promotions.ts';

const BARE_PAGE =
  '<!doctype html>\n<html lang="en-IN">\n  <head>\n    <meta charset="UTF-8" />\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

export class HtmlPage {
  private br: Buffer | undefined;
  private gz: Buffer | undefined;

  constructor(
    readonly status: number,
    readonly html: string,
  ) {}

  body(encoding: 'br' | 'gzip' | undefined): Buffer | string {
    // Quality 5: a few kilobytes compress in well under a millisecond, within a few per cent of 11.
    if (encoding === 'br')
      return (this.br ??= brotliCompressSync(this.html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
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
  reply
    .code(page.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(page.body(encoding));
}

export interface StorefrontOptions {
  indexHtml: string | undefined;
}

const listingQuerySchema = z.object({
  search: z.string().optional().catch(undefined),
  category: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .catch(undefined),
});
// What the app's listing reads from the URL (apps/web/src/features/product/listing-query.ts).
const LISTING_PARAMS = ['search', 'category', 'brand', 'sort', 'page'];
const productParamsSchema = z.object({ id: z.string().max(500) });
const sitemapParamsSchema = z.object({
  file: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, 'Not found')
    .transform(Number),
});

// Decision 019: crawlers and link previews run no JavaScript, so the head carries the product.
export const storefrontRoutes: FastifyPluginAsyncZod<StorefrontOptions> = async (app, opts) => {
  const template = new PageTemplate(opts.indexHtml ? readFileSync(opts.indexHtml, 'utf8') : BARE_PAGE);
  const addresses: Addresses = {
    publicUrl: app.config.publicUrl,
    pictureUrlPrefix: app.config.pictureUrlPrefix,
  };
  // docs/product.md, Your brand: read once per settings change; a save empties the cache in every process.
  const site = async (): Promise<Site> => ({
    ...addresses,
    brand: await app.productCache.get('brand', () => getShopBrand(app.db)),
  });
  const render = (s: Site, head: PageHead, status = 200, paint?: string) =>
    new HtmlPage(status, template.render(renderHead(head, s), paint));
  /** A page that depends only on the brand: drawn once per settings change. */
  const brandPage = async (key: string, draw: (s: Site) => HtmlPage): Promise<HtmlPage> => {
    const s = await site();
    return app.productCache.get(`page:${key}`, async () => draw(s), 'pages');
  };
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
  const home = () =>
    brandPage('home-shell', (s) => render(s, { ...listingHead(s, {}), preload: homeAssets }));
  const homePage = async (): Promise<HtmlPage> => {
    if (!firstPaint) return home();
    const [json, catalogue, s] = await Promise.all([
      saleBook(app.db, app.productCache).then((sales) => listShopperProductsJson(app.db, HOME_QUERY, app.productCache, sales)),
      app.productCache.get('first-paint:catalogue', async (): Promise<Catalogue> => {
        const [categories, brands] = await Promise.all([
          listOptions(app.db, CATEGORIES, true),
          listOptions(app.db, BRANDS, true),
        ]);
        return { categories, brands };
      }),
      site(),
    ]);
    // The brand is in the key too: a page drawn before a settings change must not be served after it.
    const key = `page:home:${createHash('sha1').update(json).update(JSON.stringify(catalogue)).update(JSON.stringify(s.brand)).digest('base64')}`;
    return app.productCache.get(
      key,
      async () => {
        const drawn = paintOrNone(() => firstPaint.home(JSON.parse(json) as ProductList, catalogue, s.brand));
        return drawn ? render(s, listingHead(s, {}), 200, drawn) : home();
      },
      'pages',
    );
  };
  app.get(
    '/',
    { config: { access: 'open' }, schema: { hide: true, querystring: listingQuerySchema } },
    async (req, reply) => {
      const { search, category } = req.query;
      const one = typeof category === 'string' ? category : category?.length === 1 ? category[0] : undefined;
      if (search?.trim() || one?.trim()) {
        const s = await site();
        return sendPage(
          req,
          reply,
          render(s, { ...listingHead(s, { search, category: one }), preload: homeAssets }),
        );
      }
      const asked = new URLSearchParams(req.url.slice(req.url.indexOf('?') + 1 || req.url.length));
      return sendPage(req, reply, LISTING_PARAMS.some((k) => asked.has(k)) ? await home() : await homePage());
    },
  );

  // The stock is read fresh (a checkout empties no cache): the head says whether it is in stock.
  const productPage = async (id: number): Promise<HtmlPage> => {
    // The brand and the product are read together: neither waits for the other.
    const [s, json, reviews] = await Promise.all([
      site(),
      saleBook(app.db, app.productCache).then((sales) => getProductJson(app.db, id, null, app.productCache, sales)).catch((err: unknown) => {
        if (err instanceof HttpError && err.statusCode === 404) return null;
        throw err;
      }),
      // The JSON-LD's first reviews: one read of the reviews' product index, in the key so a reply or a hide shows.
      headReviews(app.db, id),
    ]);
    if (json === null) return render(s, missingProductHead(s, `/product-detail/${id}`), 404);
    const key = `page:product:${id}:${createHash('sha1').update(json).update(JSON.stringify(s.brand)).update(JSON.stringify(reviews)).digest('base64')}`;
    return app.productCache.get(
      key,
      async () => {
        const product = JSON.parse(json) as Product;
        const drawn = firstPaint && paintOrNone(() => firstPaint.product(product, s.brand));
        return drawn
          ? render(s, productHead(s, product, reviews), 200, drawn)
          : render(s, { ...productHead(s, product, reviews), preload: productAssets });
      },
      'pages',
    );
  };
  app.get(
    '/product-detail/:id',
    { config: { access: 'open' }, schema: { hide: true, params: productParamsSchema } },
    async (req, reply) => {
      const { id } = req.params;
      if (!CANONICAL_POSITIVE_INT_RE.test(id) || Number(id) > MAX_ID) {
        const s = await site();
        return sendPage(
          req,
          reply,
          render(s, missingProductHead(s, `/product-detail/${encodeURIComponent(id)}`), 404),
        );
      }
      return sendPage(req, reply, await productPage(Number(id)));
    },
  );

  // Not cached, so an edit shows at once in every process.
  for (const slug of SHOP_PAGE_SLUGS) {
    app.get(`/${slug}`, { config: { access: 'open' }, schema: { hide: true } }, async (req, reply) => {
      const [text, s] = await Promise.all([getPageText(app.db, slug), site()]);
      return sendPage(
        req,
        reply,
        render(s, shopPageHead(s, { path: `/${slug}`, title: text.title, description: text.summary })),
      );
    });
  }

  const collections = (s: Site) =>
    render(
      s,
      shopPageHead(s, {
        path: '/collections',
        title: 'Collections',
        description: `Every collection of ${s.brand.shopName}, from wedding silks to everyday cottons: choose one to see all of it.`,
      }),
    );
  app.get('/collections', { config: { access: 'open' }, schema: { hide: true } }, async (req, reply) =>
    sendPage(req, reply, await brandPage('collections', collections)),
  );

  // The app's own pages (cart, checkout, account, admin) get the shop's title, icons and brand too.
  const shell = (s: Site) => render(s, shellHead(s));
  app.get(
    '/manifest.webmanifest',
    { config: { access: 'open' }, schema: { hide: true } },
    async (_req, reply) =>
      reply
        .type('application/manifest+json; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(manifestJson(await site())),
  );

  app.get('/og-image/*', { config: { access: 'open' }, schema: { hide: true } }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const base = key.endsWith('.jpg') ? key.slice(0, -'.jpg'.length) : undefined;
    const jpeg = !base
      ? undefined
      : base.startsWith('shop/')
        ? await shopPreviewJpeg(app.storage, await site(), base)
        : await previewJpeg(app.storage, base);
    if (!jpeg) return reply.code(404).send({ message: 'Not found' });
    return reply
      .type('image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(jpeg);
  });

  // docs/product.md, Routes: an address the app has no page for is a 404, so that search engines drop it.
  app.setNotFoundHandler(async (req, reply) => {
    const isPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !isApiRequest(req) &&
      !req.url.startsWith('/uploads/');
    if (!opts.indexHtml || !isPage) return reply.code(404).send({ message: 'Not found' });
    const path = req.url.split('?')[0]!;
    if (isAppPage(path)) return sendPage(req, reply, await brandPage('shell', shell));
    const s = await site();
    return sendPage(req, reply, render(s, missingPageHead(s, path), 404));
  });

  const crawlerCache = 'public, max-age=3600';
  app.get('/robots.txt', { config: { access: 'open' }, schema: { hide: true } }, (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', crawlerCache)
      .send(robotsTxt(addresses.publicUrl)),
  );
  app.get('/sitemap.xml', { config: { access: 'open' }, schema: { hide: true } }, async (_req, reply) => {
    const plan = await sitemapPlan(app.db);
    reply.type('application/xml; charset=utf-8').header('cache-control', crawlerCache);
    return reply.send(
      plan.files === 1
        ? sitemapFile(app.db, addresses.publicUrl, plan, 1)
        : sitemapIndex(addresses.publicUrl, plan),
    );
  });
  app.get(
    '/sitemap-:file.xml',
    { config: { access: 'open' }, schema: { hide: true, params: sitemapParamsSchema } },
    async (req, reply) => {
      const plan = await sitemapPlan(app.db);
      if (plan.files === 1 || req.params.file > plan.files)
        return reply.code(404).send({ message: 'Not found' });
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', crawlerCache)
        .send(sitemapFile(app.db, addresses.publicUrl, plan, req.params.file));
    },
  );
};
