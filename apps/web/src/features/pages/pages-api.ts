import type { ShopPage, ShopPageBody } from '@shop/shared/pages';
import { baseApi, onReply } from '../../lib/base-api';

export type ShopPageSummary = Omit<ShopPage, 'markdown' | 'html'>;

const pagePath = (slug: string) => `/pages/${slug}`;

/** A saved or restored page is shown as the server answered it; the list's Edited badges are read again. */
const pageWritten = (page: ShopPage) => pagesApi.util.updateQueryData('getShopPage', page.slug, () => page);

export const pagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getShopPages: build.query<ShopPageSummary[], void>({ query: () => '/pages', providesTags: [{ type: 'Page', id: 'LIST' }] }),
    getShopPage: build.query<ShopPage, string>({
      query: pagePath,
      providesTags: (_page, _error, slug) => [{ type: 'Page', id: slug }],
    }),
    saveShopPage: build.mutation<ShopPage, { slug: string; body: ShopPageBody }>({
      query: ({ slug, body }) => ({ path: pagePath(slug), method: 'PUT', body }),
      invalidatesTags: [{ type: 'Page', id: 'LIST' }],
      onQueryStarted: (_, { dispatch, queryFulfilled }) => onReply(queryFulfilled, (page) => dispatch(pageWritten(page))),
    }),
    resetShopPage: build.mutation<ShopPage, string>({
      query: (slug) => ({ path: pagePath(slug), method: 'DELETE' }),
      invalidatesTags: [{ type: 'Page', id: 'LIST' }],
      onQueryStarted: (_, { dispatch, queryFulfilled }) => onReply(queryFulfilled, (page) => dispatch(pageWritten(page))),
    }),
    previewShopPage: build.query<{ html: string }, string>({
      query: (markdown) => ({ path: '/pages/preview', method: 'POST', body: { markdown } }),
    }),
  }),
});

export const {
  useGetShopPagesQuery,
  useGetShopPageQuery,
  useSaveShopPageMutation,
  useResetShopPageMutation,
  usePreviewShopPageQuery,
} = pagesApi;
