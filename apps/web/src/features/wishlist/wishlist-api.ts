import type { Product } from '@shop/shared/product';
import type { NotifyMeReply, PriceDropMails, Wishlist, WishlistItem } from '@shop/shared/reviews';
import { baseApi, onReply } from '../../lib/base-api';

export interface NotifyMeArgs {
  productId: number;
  color?: string;
  size?: string | number;
  email?: string;
}

const WISHLIST = 'Wishlist' as const;

/** docs/product.md, Wishlist and Back in stock. A keep or a removal changes the cached list at once. */
export const wishlistApi = baseApi.enhanceEndpoints({ addTagTypes: [WISHLIST] }).injectEndpoints({
  endpoints: (build) => ({
    // 'User' too, one of PERSONAL_TAGS: signing out drops the list, so the next person on this tab never sees it.
    getWishlist: build.query<Wishlist, void>({ query: () => '/wishlist', providesTags: [WISHLIST, 'User'] }),
    /** Shown kept at once; taken back when the server refuses (a full list, a product deleted meanwhile). */
    keepProduct: build.mutation<unknown, WishlistItem>({
      query: (item) => ({ path: `/wishlist/${item.productId}`, method: 'PUT' }),
      onQueryStarted: async (item, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          wishlistApi.util.updateQueryData('getWishlist', undefined, (list) => {
            if (!list.items.some((i) => i.productId === item.productId)) list.items.unshift(item);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    forgetProduct: build.mutation<unknown, number>({
      query: (id) => ({ path: `/wishlist/${id}`, method: 'DELETE' }),
      onQueryStarted: (id, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, () =>
          dispatch(
            wishlistApi.util.updateQueryData('getWishlist', undefined, (list) => {
              list.items = list.items.filter((i) => i.productId !== id);
            }),
          ),
        ),
    }),
    /** A visitor's list joins the account's at sign-in; the reply is the account's list. */
    mergeWishlist: build.mutation<Wishlist, number[]>({
      query: (productIds) => ({ path: '/wishlist/merge', method: 'POST', body: { productIds } }),
      onQueryStarted: (_, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (list) => void dispatch(wishlistApi.util.upsertQueryData('getWishlist', undefined, list))),
    }),
    getPriceDropMails: build.query<PriceDropMails, void>({ query: () => '/wishlist/mails', providesTags: ['User'] }),
    setPriceDropMails: build.mutation<PriceDropMails, boolean>({
      query: (priceDropMails) => ({ path: '/wishlist/mails', method: 'PUT', body: { priceDropMails } }),
      onQueryStarted: (_, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (reply) => void dispatch(wishlistApi.util.upsertQueryData('getPriceDropMails', undefined, reply))),
    }),
    notifyMe: build.mutation<NotifyMeReply, NotifyMeArgs>({
      query: ({ productId, ...body }) => ({ path: `/products/${productId}/notify-me`, method: 'POST', body }),
    }),
    confirmNotifyMe: build.mutation<{ message: string; productId: number }, string>({
      query: (token) => ({ path: '/notify-me/confirm', method: 'POST', body: { token } }),
    }),
    /** One product of a visitor's list, read as the product page reads it. */
    wishedProduct: build.query<Product, number>({ query: (id) => `/products/${id}` }),
  }),
});

export const {
  useGetWishlistQuery,
  useKeepProductMutation,
  useForgetProductMutation,
  useMergeWishlistMutation,
  useGetPriceDropMailsQuery,
  useSetPriceDropMailsMutation,
  useNotifyMeMutation,
  useConfirmNotifyMeMutation,
  useWishedProductQuery,
} = wishlistApi;
