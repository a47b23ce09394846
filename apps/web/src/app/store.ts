import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/auth-slice';
import { userSlice } from '../features/user/user-slice';
import { productSlice } from '../features/product/product-slice';
import { cartSlice } from '../features/cart/cart-slice';
import { orderSlice } from '../features/order/order-slice';
import { paymentSlice } from '../features/payment/payment-slice';
import { catalogSlice } from '../features/catalog/catalog-slice';
import { settingsSlice } from '../features/settings/settings-slice';

const rootReducer = combineReducers({
  auth: authSlice.reducer,
  user: userSlice.reducer,
  product: productSlice.reducer,
  cart: cartSlice.reducer,
  order: orderSlice.reducer,
  payment: paymentSlice.reducer,
  catalog: catalogSlice.reducer,
  settings: settingsSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** A new store; tests make their own (docs/style.md, Tests). */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
