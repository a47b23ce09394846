import type { Order } from '@shop/shared/order';
import type { OrderStage, Shipment, ShipmentBatch, ShipmentBody } from '@shop/shared/shipping-schemas';
import { baseApi, onReply } from '../../../lib/base-api';
import type { RootState } from '../../../lib/store';
import { orderApi, storeOrder } from '../order-api';

/** Which couriers the shop can book through besides its own (Settings → Couriers). */
export interface CourierSetup {
  manual: boolean;
  shiprocket: boolean;
}

/** Staff move an order through its stages and book its parcel (docs/product.md, Shipping). */
export const shippingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateOrderStage: build.mutation<Order, { id: number; stage: OrderStage }>({
      query: ({ id, stage }) => ({ path: `/orders/${id}`, method: 'PATCH', body: { stage } }),
      // As a status change: stock (a cancel), the dashboard, the history. A refusal reads the order again.
      invalidatesTags: (order, _error, { id }) =>
        order ? [{ type: 'OrderHistory', id }, 'Product', 'Dashboard'] : [{ type: 'Order', id }],
      onQueryStarted: (_, { dispatch, getState, queryFulfilled }) =>
        onReply(queryFulfilled, (order) => storeOrder(order, dispatch, getState() as RootState)),
    }),
    reopenOrder: build.mutation<Order, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ path: `/orders/${id}/reopen`, method: 'POST', body: { reason } }),
      // The stock is taken again and a new invoice issued.
      invalidatesTags: (order, _error, { id }) =>
        order ? [{ type: 'OrderHistory', id }, 'Product', 'Dashboard'] : [{ type: 'Order', id }],
      onQueryStarted: (_, { dispatch, getState, queryFulfilled }) =>
        onReply(queryFulfilled, (order) => storeOrder(order, dispatch, getState() as RootState)),
    }),
    bookShipment: build.mutation<Shipment, { id: number; body: ShipmentBody }>({
      query: ({ id, body }) => ({ path: `/orders/${id}/shipments`, method: 'POST', body }),
      // The reply is the parcel, not the order: the order (now shipped) and the lists are read again.
      invalidatesTags: (shipment, _error, { id }) =>
        shipment
          ? [{ type: 'Order', id }, { type: 'Order', id: 'LIST' }, { type: 'OrderHistory', id }, 'Dashboard']
          : [{ type: 'Order', id }],
      onQueryStarted: ({ id }, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (s) => {
          const shipment = {
            courier: s.courier,
            courierName: s.courierName,
            awb: s.awb,
            trackingUrl: s.trackingUrl,
            status: s.status,
            expectedDelivery: s.expectedDelivery,
          };
          dispatch(
            orderApi.util.updateQueryData('getOrder', id, (order) => {
              Object.assign(order, { shipment, stage: 'shipped', status: 'dispatched' });
            }),
          );
        }),
    }),
    /** Shiprocket books the orders one by one in the background: the reply is the batch, to poll. */
    bookShipmentBatch: build.mutation<ShipmentBatch, { ids: readonly number[] }>({
      query: ({ ids }) => ({
        path: '/orders/shipments/batch',
        method: 'POST',
        body: { ids, courier: 'shiprocket' },
      }),
    }),
    getShipmentBatch: build.query<ShipmentBatch, number>({
      query: (id) => `/shipping/batches/${id}`,
      // Once every order is booked or refused, the list (its LIST tag) and any order read before are read
      // again, so they show the new stages and parcels; the batch does not say which orders it booked.
      onQueryStarted: (_, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (batch) => {
          if (batch.finished)
            dispatch(shippingApi.util.invalidateTags(['Order', 'OrderHistory', 'Dashboard']));
        }),
    }),
    getCourierSetup: build.query<CourierSetup, void>({
      query: () => '/shipping/couriers',
      providesTags: ['Settings'],
    }),
  }),
});

export const {
  useUpdateOrderStageMutation,
  useReopenOrderMutation,
  useBookShipmentMutation,
  useGetCourierSetupQuery,
  useBookShipmentBatchMutation,
  useGetShipmentBatchQuery,
} = shippingApi;
