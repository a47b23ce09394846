import { z } from 'zod';

import type { ShopPageSlug } from './page-slugs.ts';

export * from './page-slugs.ts';

const MAX_PAGE_MARKDOWN = 100_000;

export const shopPageBodySchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(120, 'Title is too long'),
  summary: z.string({ error: 'Summary is required' }).trim().min(1, 'Summary is required').max(300, 'Summary is too long'),
  markdown: z.string({ error: 'Text is required' }).min(1, 'Text is required').max(MAX_PAGE_MARKDOWN, 'Text is too long'),
});
export type ShopPageBody = z.infer<typeof shopPageBodySchema>;

export const pagePreviewBodySchema = z.object({
  markdown: z.string({ error: 'Text is required' }).max(MAX_PAGE_MARKDOWN, 'Text is too long'),
});

export interface ShopPage {
  slug: ShopPageSlug;
  title: string;
  summary: string;
  markdown: string;
  html: string;
  /** null while it shows the default text. */
  updatedAt: string | null;
}
