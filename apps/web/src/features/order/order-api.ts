import type {
  AdminOrderList,
  CancelReason,
  CodConfirmation,
  Order,
  OrderBody,
  OrderStatusEvent,
  OwnerOrderList,
} from '@shop/shared/order';
import type { OrderStatus } from '@shop/shared/constants';
import { toQuery } from '../../lib/api-client';
import { baseApi, onReply } from '../../lib/base-api';
import type { AppDispatch, RootState } from '../../lib/store';

export interface OrderSort {
  _sort?: string;
  _order?: 'asc' | 'desc';
}
/** The admin's order filters, named as the API names them. */
export interface OrderFilters {
  search?: string;
  status?: readonly string[];
  paymentMethod?: string;
  from?: string;
  to?: string;
}
export interface OrderPagination {
  _page: number;
  _per_page: number;
}
export interface AdminOrderQuery {
  sort: OrderSort;
  pagination: OrderPagination;
  filters?: OrderFilters;
}

export interface PlaceOrder {
  order: OrderBody;
  /** One key per placement attempt, so a retried request cannot place a second order. */
  idempotencyKey: string;
}

const LIST = { type: 'Order', id: 'LIST' } as const;
const listTags = (orders: readonly Order[] = []) => [
  LIST,
  ...orders.map((o) => ({ type: 'Order' as const, id: o.id })),
];

export const orderApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createOrder: build.mutation<Order, PlaceOrder>({
      query: ({ order, idempotencyKey }) => ({
        path: '/orders',
        method: 'POST',
        body: order,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      // The stock moved and the lists gained an order; the cart is emptied by the success page.
      invalidatesTags: (order) => (order ? [LIST, 'Product', 'Dashboard'] : []),
      onQueryStarted: (_, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (order) => void dispatch(orderKnown(order))),
    }),
    getOwnerOrders: build.query<OwnerOrderList, OrderPagination>({
      query: (p) => `/orders/owner${toQuery({ ...p })}`,
      providesTags: (list) => listTags(list?.orders),
    }),
    getAdminOrders: build.query<AdminOrderList, AdminOrderQuery>({
      query: ({ sort, pagination, filters = {} }) =>
        `/orders/admin${toQuery({ _sort: sort._sort ?? 'createdAt', _order: sort._order ?? 'desc', ...pagination, ...filters })}`,
      // docs/product.md, Order calls: the admin list calls its orders `products`.
      providesTags: (list) => listTags(list?.products),
    }),
    getOrder: build.query<Order, number>({
      query: (id) => `/orders/${id}`,
      providesTags: (_order, _error, id) => [{ type: 'Order', id }],
    }),
    getOrderHistory: build.query<OrderStatusEvent[], number>({
      query: (id) => `/orders/${id}/history`,
      providesTags: (_events, _error, id) => [{ type: 'OrderHistory', id }],
    }),
    getPackingSlips: build.query<Order[], string>({
      query: (ids) => `/orders/slips?ids=${encodeURIComponent(ids)}`,
      providesTags: listTags,
    }),
    updateOrderStatus: build.mutation<Order, { id: number; status: OrderStatus }>({
      query: ({ id, status }) => ({ path: `/orders/${id}`, method: 'PATCH', body: { status } }),
      // The status moves stock (docs/product.md, Order statuses) and the dashboard's figures.
      invalidatesTags: (order) =>
        order ? [{ type: 'OrderHistory', id: order.id }, 'Product', 'Dashboard'] : [],
      onQueryStarted: (_, { dispatch, getState, queryFulfilled }) =>
        onReply(queryFulfilled, (order) => storeOrder(order, dispatch, getState() as RootState)),
    }),
    cancelOwnOrder: build.mutation<Order, { id: number; reason: CancelReason }>({
      query: ({ id, reason }) => ({ path: `/orders/${id}/cancel`, method: 'POST', body: { reason } }),
      // The stock came back; a refusal means the order moved on meanwhile, so it is read again.
      invalidatesTags: (order, _error, { id }) =>
        order ? [{ type: 'OrderHistory', id }, 'Product', 'Dashboard'] : [{ type: 'Order', id }],
      onQueryStarted: (_, { dispatch, getState, queryFulfilled }) =>
        onReply(queryFulfilled, (order) => storeOrder(order, dispatch, getState() as RootState)),
    }),
    /** A cash order as its confirmation link shows it, to whoever holds the link (no sign-in). */
    getCodConfirmation: build.query<CodConfirmation, CodConfirmationKey>({
      query: ({ id, token }) => `/orders/${encodeURIComponent(id)}/confirm${toQuery({ token })}`,
    }),
    confirmCodOrder: build.mutation<CodConfirmation, CodConfirmationKey>({
      query: ({ id, token }) => ({ path: `/orders/${encodeURIComponent(id)}/confirm`, method: 'POST', body: { token } }),
      invalidatesTags: (_reply, _error, { id }) => [{ type: 'Order', id: Number(id) }, { type: 'OrderHistory', id: Number(id) }],
      onQueryStarted: (key, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (reply) => void dispatch(orderApi.util.upsertQueryData('getCodConfirmation', key, reply))),
    }),
  }),
});

export interface CodConfirmationKey {
  id: string;
  token: string;
}

/** An order the app has just been given whole: its page shows it without asking again. */
export const orderKnown = (order: Order) => orderApi.util.upsertQueryData('getOrder', order.id, order);

/** An order a mutation answered with: into its own cache and into the cached lists that show it. */
export function storeOrder(order: Order, dispatch: AppDispatch, state: RootState): void {
  void dispatch(orderKnown(order));
  for (const patch of replaceInLists(order, state)) dispatch(patch);
}

const replaced = (orders: Order[], order: Order) => orders.map((o) => (o.id === order.id ? order : o));

/** The cached lists that show this order, with it replaced (not read again: a filtered list keeps its row). */
export function replaceInLists(order: Order, state: RootState) {
  const { selectInvalidatedBy, updateQueryData } = orderApi.util;
  return selectInvalidatedBy(state, [{ type: 'Order', id: order.id }]).flatMap(
    ({ endpointName, originalArgs }) => {
      if (endpointName === 'getAdminOrders')
        return updateQueryData('getAdminOrders', originalArgs as AdminOrderQuery, (list) => {
          list.products = replaced(list.products, order);
        });
      if (endpointName === 'getOwnerOrders')
        return updateQueryData('getOwnerOrders', originalArgs as OrderPagination, (list) => {
          list.orders = replaced(list.orders, order);
        });
      return [];
    },
  );
}

export const {
  useCreateOrderMutation,
  useGetOwnerOrdersQuery,
  useGetAdminOrdersQuery,
  useGetOrderQuery,
  useGetOrderHistoryQuery,
  useGetPackingSlipsQuery,
  useUpdateOrderStatusMutation,
  useCancelOwnOrderMutation,
  useGetCodConfirmationQuery,
  useConfirmCodOrderMutation,
} = orderApi;
