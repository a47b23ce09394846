import type { Product } from '@shop/shared/product';
import type { OrderReturns, ReturnRequest } from '@shop/shared/returns';
import type { ReturnRequestBody } from '@shop/shared/returns-schemas';
import { baseApi, onReply } from '../../../lib/base-api';

export interface NewReturn {
  orderId: number;
  body: ReturnRequestBody;
}

export interface ShipBack {
  /** The return's id. */
  id: number;
  orderId: number;
  courierName: string;
  awb: string;
}

// The same tag as staff's reads of an order's returns (admin/returns-api.ts): a write on either side reads both again.
const returnsTag = (orderId: number) => ({ type: 'Return' as const, id: `order-${orderId}` });

export const returnsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Return'] }).injectEndpoints({
  endpoints: (build) => ({
    getOrderReturns: build.query<OrderReturns, number>({
      query: (orderId) => `/orders/${orderId}/returns`,
      // The order's own tag too: it is one of PERSONAL_TAGS, so a sign-out drops these with the order.
      providesTags: (_returns, _error, orderId) => [returnsTag(orderId), { type: 'Order', id: orderId }],
    }),
    requestReturn: build.mutation<ReturnRequest, NewReturn>({
      query: ({ orderId, body }) => ({ path: `/orders/${orderId}/returns`, method: 'POST', body }),
      // Read again either way: what is still returnable moved, or (a refusal) it moved meanwhile.
      invalidatesTags: (_request, _error, { orderId }) => [returnsTag(orderId)],
      onQueryStarted: ({ orderId }, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (request) => {
          dispatch(
            returnsApi.util.updateQueryData('getOrderReturns', orderId, (draft) => {
              if (!draft.returns.some((r) => r.id === request.id)) draft.returns.push(request);
            }),
          );
        }),
    }),
    shipBack: build.mutation<ReturnRequest, ShipBack>({
      query: ({ id, courierName, awb }) => ({
        path: `/returns/${id}/pickup`,
        method: 'POST',
        body: { courierName, awb },
      }),
      invalidatesTags: (_request, _error, { orderId }) => [returnsTag(orderId)],
      onQueryStarted: ({ orderId }, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (request) => {
          dispatch(
            returnsApi.util.updateQueryData('getOrderReturns', orderId, (draft) => {
              draft.returns = draft.returns.map((r) => (r.id === request.id ? request : r));
            }),
          );
        }),
    }),
    /** One photo of an item sent back: its stored path (`/uploads/<hash>.webp`) for the request's `photos`. */
    uploadReturnPhoto: build.mutation<{ url: string }, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return { path: '/returns/photos', method: 'POST', body: form };
      },
    }),
    /** The product an item came from, for its other colours and sizes (the product feature's read, not imported). */
    getExchangeProduct: build.query<Product, number>({
      query: (productId) => `/products/${productId}`,
      providesTags: (_product, _error, productId) => [{ type: 'Product', id: String(productId) }],
    }),
  }),
});

export const {
  useGetOrderReturnsQuery,
  useRequestReturnMutation,
  useShipBackMutation,
  useUploadReturnPhotoMutation,
  useGetExchangeProductQuery,
} = returnsApi;
