import { eq } from 'drizzle-orm';
import { DEFAULT_BRAND, SHOP_PAGES, isShopPageSlug, type ShopPage, type ShopPageBody, type ShopPageSlug } from '@shop/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { renderMarkdown } from './markdown.ts';
import { shopSettings } from '../settings/settings.table.ts';
import { defaultPages, type PageText } from './pages.defaults.ts';
import { shopPages } from './pages.table.ts';

const PAGE_NOT_FOUND = 'Page not found';

export function pageSlug(slug: string): ShopPageSlug {
  if (!isShopPageSlug(slug)) throw notFound(PAGE_NOT_FOUND);
  return slug;
}

async function stored(db: Db, slug: ShopPageSlug) {
  const [row] = await db.select().from(shopPages).where(eq(shopPages.slug, slug));
  return row;
}

/** The shop's name as Shop Settings hold it now; still null (before the first start that filled it), the demo's as getShopSettings reads it. */
async function shopName(db: Db): Promise<string> {
  const [row] = await db.select({ shopName: shopSettings.shopName }).from(shopSettings).where(eq(shopSettings.id, 1));
  return row?.shopName ?? DEFAULT_BRAND.shopName;
}

/** A page not saved by the owner reads as its default text, with the shop's current name. */
async function defaultPage(db: Db, slug: ShopPageSlug): Promise<PageText> {
  return defaultPages(await shopName(db))[slug];
}

export async function getPageText(db: Db, slug: ShopPageSlug): Promise<PageText> {
  return (await stored(db, slug)) ?? (await defaultPage(db, slug));
}

export async function getPage(db: Db, slug: ShopPageSlug): Promise<ShopPage> {
  const row = await stored(db, slug);
  const text = row ?? (await defaultPage(db, slug));
  return { slug, title: text.title, summary: text.summary, markdown: text.markdown, html: renderMarkdown(text.markdown), updatedAt: row?.updatedAt.toISOString() ?? null };
}

export async function listPages(db: Db): Promise<Omit<ShopPage, 'markdown' | 'html'>[]> {
  const [rowList, name] = await Promise.all([
    db.select({ slug: shopPages.slug, title: shopPages.title, summary: shopPages.summary, updatedAt: shopPages.updatedAt }).from(shopPages),
    shopName(db),
  ]);
  const defaults = defaultPages(name);
  const rows = new Map(rowList.map((r) => [r.slug, r]));
  return SHOP_PAGES.map(({ slug }) => {
    const row = rows.get(slug);
    const text = row ?? defaults[slug];
    return { slug, title: text.title, summary: text.summary, updatedAt: row?.updatedAt.toISOString() ?? null };
  });
}

/** The Markdown is kept as written and sanitised on every read. */
export async function savePage(db: Db, slug: ShopPageSlug, body: ShopPageBody, userId: number): Promise<ShopPage> {
  const values = { title: body.title, summary: body.summary, markdown: body.markdown, updatedAt: new Date(), updatedBy: userId };
  await db.insert(shopPages).values({ slug, ...values }).onConflictDoUpdate({ target: shopPages.slug, set: values });
  return getPage(db, slug);
}

export async function resetPage(db: Db, slug: ShopPageSlug): Promise<ShopPage> {
  await db.delete(shopPages).where(eq(shopPages.slug, slug));
  return getPage(db, slug);
}
