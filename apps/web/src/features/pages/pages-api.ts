import type { ShopPage, ShopPageBody } from '@shop/shared/pages';
import { api } from '../../lib/api-client';

export type ShopPageSummary = Omit<ShopPage, 'markdown' | 'html'>;

export const pagePaths = { one: (slug: string) => `/pages/${slug}` };

export const pagesApi = {
  list: () => api<ShopPageSummary[]>('/pages'),
  one: (slug: string) => api<ShopPage>(pagePaths.one(slug)),
  save: (slug: string, body: ShopPageBody) => api<ShopPage>(pagePaths.one(slug), { method: 'PUT', body }),
  reset: (slug: string) => api<ShopPage>(pagePaths.one(slug), { method: 'DELETE' }),
  preview: (markdown: string, signal?: AbortSignal) => api<{ html: string }>('/pages/preview', { method: 'POST', body: { markdown }, signal }),
};
