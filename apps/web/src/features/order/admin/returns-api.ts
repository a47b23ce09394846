import type { OrderReturns, Refund, ReturnRequest, ReturnStatus } from '@shop/shared/returns';
import type { ReturnPatchBody } from '@shop/shared/returns-schemas';
import { toQuery } from '../../../lib/api-client';
import { baseApi } from '../../../lib/base-api';

/** `GET /api/returns`: one page of the shop's returns, newest first (20 a page). */
export interface ReturnList {
  returns: ReturnRequest[];
  total: number;
  page: number;
  pages: number;
}

export interface ReturnListQuery {
  status?: ReturnStatus;
  page: number;
}

/** As the API pages its list (RETURNS_PER_PAGE). */
export const RETURNS_PAGE_SIZE = 20;

const LIST = { type: 'Return', id: 'LIST' } as const;
/** An order's returns, refunds and credit notes (`GET /api/orders/{id}/returns`). */
const ofOrder = (orderId: number) => ({ type: 'Return' as const, id: `order-${orderId}` });

const returnTags = (r: ReturnRequest) => [
  { type: 'Return' as const, id: r.id },
  { type: 'Order' as const, id: r.orderId },
];

/**
 * Staff's side of returns and refunds (docs/product.md, Returns and refunds): the list to work through,
 * one step forward at a time, and an order's refunds. Every write reads the lists, the order's returns,
 * the order itself (its payment) and the dashboard's figures again.
 */
export const returnsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Return'] }).injectEndpoints({
  endpoints: (build) => ({
    listReturns: build.query<ReturnList, ReturnListQuery>({
      query: ({ status, page }) => `/returns${toQuery({ status, page })}`,
      // Each return's order too: 'Order' is one of PERSONAL_TAGS, so a sign-out drops the shoppers' details.
      providesTags: (list) => [LIST, ...(list?.returns ?? []).flatMap(returnTags)],
    }),
    getReturn: build.query<ReturnRequest, number>({
      query: (id) => `/returns/${id}`,
      providesTags: (r, _e, id) => [
        { type: 'Return', id },
        ...(r ? [{ type: 'Order' as const, id: r.orderId }] : []),
      ],
    }),
    getOrderReturnsForStaff: build.query<OrderReturns, number>({
      query: (orderId) => `/orders/${orderId}/returns`,
      providesTags: (data, _e, orderId) => [
        ofOrder(orderId),
        { type: 'Order', id: orderId },
        ...(data?.returns ?? []).flatMap(returnTags),
      ],
    }),
    /** One step of a return; `refunded` (a transfer paid by hand) is the owner's. */
    updateReturn: build.mutation<ReturnRequest, { id: number; body: ReturnPatchBody }>({
      query: ({ id, body }) => ({ path: `/returns/${id}`, method: 'PATCH', body }),
      // A receipt may put goods back in stock, issue a credit note and start a refund. A refusal
      // (someone else moved it first) reads the return again.
      invalidatesTags: (r, _e, { id }) =>
        r
          ? [
              LIST,
              { type: 'Return', id },
              ofOrder(r.orderId),
              { type: 'Order', id: r.orderId },
              { type: 'OrderHistory', id: r.orderId },
              'Dashboard',
              ...(r.restocked ? (['Product'] as const) : []),
            ]
          : [{ type: 'Return', id }],
    }),
    /** A cancelled prepaid order's money back through the payment provider; no amount: all still owed. */
    refundOrder: build.mutation<Refund, { orderId: number; amount?: number }>({
      query: ({ orderId, amount }) => ({
        path: `/orders/${orderId}/refunds`,
        method: 'POST',
        body: amount === undefined ? {} : { amount },
      }),
      invalidatesTags: (refund, _e, { orderId }) =>
        refund ? [ofOrder(orderId), { type: 'Order', id: orderId }, 'Dashboard'] : [ofOrder(orderId)],
    }),
    /** A transfer the owner paid by UPI or bank, with its reference. */
    markRefundDone: build.mutation<Refund, { id: number; orderId: number; reference: string }>({
      query: ({ id, reference }) => ({ path: `/refunds/${id}`, method: 'PATCH', body: { reference } }),
      invalidatesTags: (refund, _e, { orderId }) =>
        refund ? [LIST, ofOrder(orderId), { type: 'Order', id: orderId }, 'Dashboard'] : [ofOrder(orderId)],
    }),
  }),
});

export const {
  useListReturnsQuery,
  useGetReturnQuery,
  useGetOrderReturnsForStaffQuery,
  useUpdateReturnMutation,
  useRefundOrderMutation,
  useMarkRefundDoneMutation,
} = returnsApi;
