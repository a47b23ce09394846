import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { OrderStatus } from '@shop/shared/constants';
import type { Order, OrderBody } from '@shop/shared/order';
import { isSessionEnded } from '../../lib/session-ended';
import { apiThunk, rejectionMessage } from '../../lib/thunk';
import { orderApi, type OrderFilters, type OrderPagination, type OrderSort } from './order-api';

export interface OrderState {
  orders: Order[];
  totalOrders: number;
  /** The order just placed: checkout moves on to its success page once it is set. */
  currentOrder: Order | null;
  /** The order an admin chose in the list, or the one loaded by id. */
  viewOrder: Order | null;
  status: 'idle' | 'loading';
  /** The create error, used as the stock error (docs/product.md, Errors). */
  error: string | null;
}

const initialState: OrderState = {
  orders: [],
  totalOrders: 0,
  currentOrder: null,
  viewOrder: null,
  status: 'idle',
  error: null,
};

/** The whole order, as the original sends it; the server reads only address and method (docs/decisions/003). */
export interface PlaceOrder {
  order: OrderBody & Record<string, unknown>;
  /** One key per placement attempt, so a retried request cannot place a second order. */
  idempotencyKey: string;
}

export const createOrder = apiThunk('order/createOrder', ({ order, idempotencyKey }: PlaceOrder) =>
  orderApi.create(order, idempotencyKey),
);

export const fetchOwnerOrders = apiThunk('order/fetchOwnerOrders', (pagination: OrderPagination) =>
  orderApi.owner(pagination),
);

export const fetchOrderById = apiThunk('order/fetchOrderById', (id: number | string) => orderApi.byId(id));

/** Admin: all orders, sorted (default createdAt descending) and paged. */
export const fetchAllOrders = apiThunk(
  'order/fetchAllOrders',
  ({ sort, pagination, filters }: { sort: OrderSort; pagination: OrderPagination; filters?: OrderFilters }) =>
    orderApi.admin(sort, pagination, filters),
);

/** Admin: status only; the server replies with the whole updated order. */
export const updateOrder = apiThunk(
  'order/updateOrder',
  ({ id, status }: { id: number; status: OrderStatus }) => orderApi.update(id, status),
);

export const orderSlice = createSlice({
  name: 'order',
  initialState,
  reducers: {
    resetOrder: (s) => {
      s.currentOrder = null;
    },
    /** An order placed outside createOrder (a verified card payment) counts as just created. */
    orderPlaced: (s, a: PayloadAction<Order>) => {
      s.currentOrder = a.payload;
      s.orders.push(a.payload);
    },
    viewOrderSet: (s, a: PayloadAction<Order>) => {
      s.viewOrder = a.payload;
    },
    viewOrderCleared: (s) => {
      s.viewOrder = null;
    },
    orderErrorCleared: (s) => {
      s.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(createOrder.fulfilled, (s, a) => {
        s.currentOrder = a.payload;
        s.orders.push(a.payload);
      })
      .addCase(fetchOwnerOrders.fulfilled, (s, a) => {
        s.orders = a.payload.orders;
        s.totalOrders = a.payload.totalOrders;
      })
      // docs/product.md, Order calls: the admin list calls its orders `products`.
      .addCase(fetchAllOrders.fulfilled, (s, a) => {
        s.orders = a.payload.products;
        s.totalOrders = a.payload.totalOrders;
      })
      .addCase(fetchOrderById.fulfilled, (s, a) => {
        s.viewOrder = a.payload;
      })
      .addCase(updateOrder.fulfilled, (s, a) => {
        const i = s.orders.findIndex((o) => o.id === a.payload.id);
        if (i >= 0) s.orders[i] = a.payload;
        s.viewOrder = a.payload;
      })
      .addMatcher(isSessionEnded, () => initialState)
      .addMatcher(isAnyOf(fetchOwnerOrders.pending, fetchOrderById.pending, fetchAllOrders.pending), (s) => {
        s.status = 'loading';
      })
      .addMatcher(isAnyOf(createOrder.pending, updateOrder.pending), (s) => {
        s.status = 'loading';
        s.error = null;
      })
      .addMatcher(
        isAnyOf(
          createOrder.fulfilled,
          fetchOwnerOrders.fulfilled,
          fetchOrderById.fulfilled,
          fetchAllOrders.fulfilled,
          updateOrder.fulfilled,
        ),
        (s) => {
          s.status = 'idle';
        },
      )
      .addMatcher(
        isAnyOf(fetchOwnerOrders.rejected, fetchOrderById.rejected, fetchAllOrders.rejected),
        (s) => {
          s.status = 'idle';
        },
      )
      // Only the writes keep their error: it is shown once as a toast and then cleared.
      .addMatcher(isAnyOf(createOrder.rejected, updateOrder.rejected), (s, a) => {
        s.status = 'idle';
        s.error = rejectionMessage(a);
      });
  },
});

export const { resetOrder, orderPlaced, viewOrderSet, viewOrderCleared, orderErrorCleared } =
  orderSlice.actions;

type WithOrder = { order: OrderState };
export const selectOrders = (s: WithOrder) => s.order.orders;
export const selectTotalOrders = (s: WithOrder) => s.order.totalOrders;
export const selectCurrentOrder = (s: WithOrder) => s.order.currentOrder;
export const selectViewOrder = (s: WithOrder) => s.order.viewOrder;
export const selectOrderStatus = (s: WithOrder) => s.order.status;
export const selectOrderError = (s: WithOrder) => s.order.error;
