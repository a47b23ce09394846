import type { CartAddBody, CartItem, GuestCartBody, GuestCartReply } from '@shop/shared/cart';
import { baseApi, onReply } from '../../lib/base-api';

/** Each write changes the cached cart by the server's reply instead of reading the whole cart again. */
export const cartApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<CartItem[], void>({ query: () => '/cart', providesTags: ['Cart'] }),
    /** Fails with the server's message: `Product already in cart`, `{title} is out of stock`. */
    addToCart: build.mutation<CartItem, CartAddBody>({
      query: (body) => ({ path: '/cart', method: 'POST', body }),
      onQueryStarted: (_, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (line) => dispatch(changeCart((items) => void items.push(line)))),
    }),
    updateCartItem: build.mutation<CartItem, { id: number; quantity: number }>({
      query: ({ id, quantity }) => ({ path: `/cart/${id}`, method: 'PATCH', body: { quantity } }),
      onQueryStarted: (_, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (line) =>
          dispatch(changeCart((items) => items.map((item) => (item.id === line.id ? line : item)))),
        ),
    }),
    deleteCartItem: build.mutation<unknown, number>({
      query: (id) => ({ path: `/cart/${id}`, method: 'DELETE' }),
      onQueryStarted: (id, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, () =>
          dispatch(changeCart((items) => items.filter((item) => item.id !== id))),
        ),
    }),
    /** A visitor's bag priced with today's prices and stock (a read, sent as a body). */
    quoteCart: build.query<GuestCartReply, GuestCartBody['items']>({
      query: (items) => ({ path: '/cart/quote', method: 'POST', body: { items } }),
    }),
    /** The visitor's bag joins the account's cart; the reply is that cart. A retried key adds nothing twice. */
    mergeCart: build.mutation<GuestCartReply, { items: GuestCartBody['items']; idempotencyKey: string }>({
      query: ({ items, idempotencyKey }) => ({
        path: '/cart/merge',
        method: 'POST',
        body: { items },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      onQueryStarted: (_, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (reply) => void dispatch(cartApi.util.upsertQueryData('getCart', undefined, reply.items))),
    }),
    /** One DELETE /cart: one call cannot half-fail. */
    emptyCart: build.mutation<unknown, void>({
      query: () => ({ path: '/cart', method: 'DELETE' }),
      onQueryStarted: (_, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, () => dispatch(changeCart(() => []))),
    }),
  }),
});

const changeCart = (recipe: (items: CartItem[]) => CartItem[] | void) =>
  cartApi.util.updateQueryData('getCart', undefined, recipe);

export const {
  useGetCartQuery,
  useAddToCartMutation,
  useUpdateCartItemMutation,
  useDeleteCartItemMutation,
  useEmptyCartMutation,
  useQuoteCartQuery,
  useMergeCartMutation,
} = cartApi;

export const selectCart = cartApi.endpoints.getCart.select();
