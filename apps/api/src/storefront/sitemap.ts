import { Readable } from 'node:stream';
import { SHOP_PAGE_SLUGS } from '@shop/shared';
import type { Db } from '../db/client.ts';
import { categoriesInUse, countLiveProducts, liveProductIdAt, liveProductsFrom } from '../modules/products/product-sitemap.ts';
import { escapeHtml } from './head.ts';

// The sitemaps protocol's limit per file.
export const SITEMAP_URL_LIMIT = 50_000;
const ROWS_PER_QUERY = 5_000;

export const PRIVATE_PATHS = ['/admin', '/cart', '/checkout', '/orders', '/order-success', '/profile', '/wishlist', '/notify-me'];

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const urlTag = (loc: string, lastmod?: Date) =>
  `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;

export interface SitemapPlan {
  fixed: string[];
  products: number;
  total: number;
  files: number;
}

export async function sitemapPlan(db: Db, limit = SITEMAP_URL_LIMIT): Promise<SitemapPlan> {
  const [categories, products] = await Promise.all([categoriesInUse(db), countLiveProducts(db)]);
  const fixed = ['/', '/collections', ...SHOP_PAGE_SLUGS.map((s) => `/${s}`), ...categories.map((c) => `/?category=${encodeURIComponent(c)}`)];
  const total = fixed.length + products;
  return { fixed, products, total, files: Math.max(1, Math.ceil(total / limit)) };
}

export function sitemapIndex(publicUrl: string, plan: SitemapPlan): string {
  const files = Array.from({ length: plan.files }, (_, i) => `<sitemap><loc>${escapeHtml(`${publicUrl}/sitemap-${i + 1}.xml`)}</loc></sitemap>\n`);
  return `${XML}<sitemapindex ${NS}>\n${files.join('')}</sitemapindex>\n`;
}

export function sitemapFile(db: Db, publicUrl: string, plan: SitemapPlan, file: number, limit = SITEMAP_URL_LIMIT): Readable {
  async function* chunks() {
    yield `${XML}<urlset ${NS}>\n`;
    const start = (file - 1) * limit;
    const end = Math.min(file * limit, plan.total);
    const fixed = plan.fixed.slice(start, end);
    if (fixed.length) yield fixed.map((p) => urlTag(`${publicUrl}${p}`)).join('');
    let left = end - start - fixed.length;
    let from = left > 0 ? await liveProductIdAt(db, Math.max(0, start - plan.fixed.length)) : undefined;
    while (left > 0 && from !== undefined) {
      const rows = await liveProductsFrom(db, from, Math.min(ROWS_PER_QUERY, left));
      if (!rows.length) break;
      yield rows.map((r) => urlTag(`${publicUrl}/product-detail/${r.id}`, r.updatedAt)).join('');
      left -= rows.length;
      from = rows[rows.length - 1]!.id + 1;
    }
    yield '</urlset>\n';
  }
  return Readable.from(chunks());
}
