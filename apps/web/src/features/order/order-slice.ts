import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Order } from '@shop/shared/order';
import { isSessionEnded } from '../../lib/session-ended';
import { rootReducer } from '../../lib/store';
import { orderApi } from './order-api';

/** The checkout in progress on this tab; every order the server sent lives in the API cache. */
export interface OrderState {
  /** The order just placed: checkout moves on to its success page once it is set. */
  currentOrder: Order | null;
}

const initialState: OrderState = { currentOrder: null };

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
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(orderApi.endpoints.createOrder.matchFulfilled, (s, a) => {
        s.currentOrder = a.payload;
      })
      .addMatcher(isSessionEnded, () => initialState);
  },
  selectors: {
    selectCurrentOrder: (s) => s.currentOrder,
  },
});

declare module '../../lib/store' {
  interface LazyLoadedSlices {
    order: OrderState;
  }
}

export const { resetOrder, orderPlaced } = orderSlice.actions;
export const { selectCurrentOrder } = orderSlice.injectInto(rootReducer).selectors;
