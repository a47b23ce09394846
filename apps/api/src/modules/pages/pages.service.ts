import { eq } from 'drizzle-orm';
import { SHOP_PAGES, isShopPageSlug, type ShopPage, type ShopPageBody, type ShopPageSlug } from '@shop/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { renderMarkdown } from './markdown.ts';
import { DEFAULT_PAGES, type PageText } from './pages.defaults.ts';
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

export async function getPageText(db: Db, slug: ShopPageSlug): Promise<PageText> {
  return (await stored(db, slug)) ?? DEFAULT_PAGES[slug];
}

export async function getPage(db: Db, slug: ShopPageSlug): Promise<ShopPage> {
  const row = await stored(db, slug);
  const text = row ?? DEFAULT_PAGES[slug];
  return { slug, title: text.title, summary: text.summary, markdown: text.markdown, html: renderMarkdown(text.markdown), updatedAt: row?.updatedAt.toISOString() ?? null };
}

export async function listPages(db: Db): Promise<Omit<ShopPage, 'markdown' | 'html'>[]> {
  const rows = new Map((await db.select({ slug: shopPages.slug, title: shopPages.title, summary: shopPages.summary, updatedAt: shopPages.updatedAt }).from(shopPages)).map((r) => [r.slug, r]));
  return SHOP_PAGES.map(({ slug }) => {
    const row = rows.get(slug);
    const text = row ?? DEFAULT_PAGES[slug];
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
