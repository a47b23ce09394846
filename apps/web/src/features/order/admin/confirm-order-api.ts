import type { Order } from '@shop/shared/order';
import { baseApi, onReply } from '../../../lib/base-api';
import { orderKnown } from '../order-api';

/** Staff confirm a cash order after a phone call (docs/product.md, Cash on delivery): no token, their session. */
export const confirmOrderApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    confirmOrderByStaff: build.mutation<Order, number>({
      query: (id) => ({ path: `/orders/${id}/confirm`, method: 'POST' }),
      // Confirmed, it leaves the "Awaiting confirmation" list, gains an invoice and a history step.
      invalidatesTags: (order, _error, id) =>
        order
          ? [{ type: 'Order', id: 'LIST' }, { type: 'OrderHistory', id }, 'Dashboard']
          : [{ type: 'Order', id }],
      onQueryStarted: (_, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (order) => void dispatch(orderKnown(order))),
    }),
  }),
});

export const { useConfirmOrderByStaffMutation } = confirmOrderApi;
