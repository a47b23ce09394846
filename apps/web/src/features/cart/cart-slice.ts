import { createSelector, createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { CartAddBody, CartItem } from '@shop/shared/cart';
import { rupeesToPaise, paiseToRupees } from '@shop/shared/money';
import { isSessionEnded } from '../../lib/session-ended';
import { apiThunk, rejectionMessage } from '../../lib/thunk';
import { cartApi } from './cart-api';

export interface CartState {
  items: CartItem[];
  status: 'idle' | 'loading';
  /** True after the first fetch, whether it succeeded or not (docs/product.md, State). */
  cartLoaded: boolean;
  error: string | null;
}

const initialState: CartState = { items: [], status: 'idle', cartLoaded: false, error: null };

export const fetchCart = apiThunk('cart/fetchCart', () => cartApi.list(), {
  // The first load is asked for by every page that shows the cart: one request serves them all.
  condition: (_, { getState }) => {
    const { cart } = getState() as { cart: CartState };
    return cart.cartLoaded || cart.status !== 'loading';
  },
});

/** Rejects with the server's message: `Product already in cart`, `{title} is out of stock`. */
export const addToCart = apiThunk('cart/addToCart', (body: CartAddBody) => cartApi.add(body));

export const updateCartItem = apiThunk(
  'cart/updateCartItem',
  ({ id, quantity }: { id: number; quantity: number }) => cartApi.update(id, quantity),
);

export const deleteCartItem = apiThunk('cart/deleteCartItem', async (id: number) => {
  await cartApi.remove(id);
  return id;
});

/** Empties the cart with one DELETE /cart (the original deleted item by item; one call cannot half-fail). */
export const resetCart = apiThunk('cart/resetCart', async () => {
  await cartApi.empty();
});

export const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    cartErrorCleared: (s) => {
      s.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCart.fulfilled, (s, a) => {
        s.items = a.payload;
      })
      .addCase(addToCart.fulfilled, (s, a) => {
        s.items.push(a.payload);
      })
      .addCase(updateCartItem.fulfilled, (s, a) => {
        const i = s.items.findIndex((item) => item.id === a.payload.id);
        if (i >= 0) s.items[i] = a.payload;
      })
      .addCase(deleteCartItem.fulfilled, (s, a) => {
        s.items = s.items.filter((item) => item.id !== a.payload);
      })
      .addCase(resetCart.fulfilled, (s) => {
        s.items = [];
      })
      .addMatcher(isSessionEnded, () => initialState)
      // docs/product.md, State: cartLoaded turns true after the first fetch, whether it failed or not.
      .addMatcher(isAnyOf(fetchCart.fulfilled, fetchCart.rejected), (s) => {
        s.cartLoaded = true;
      })
      .addMatcher(
        isAnyOf(
          fetchCart.pending,
          addToCart.pending,
          updateCartItem.pending,
          deleteCartItem.pending,
          resetCart.pending,
        ),
        (s) => {
          s.status = 'loading';
          s.error = null;
        },
      )
      .addMatcher(
        isAnyOf(
          fetchCart.fulfilled,
          addToCart.fulfilled,
          updateCartItem.fulfilled,
          deleteCartItem.fulfilled,
          resetCart.fulfilled,
        ),
        (s) => {
          s.status = 'idle';
        },
      )
      .addMatcher(
        isAnyOf(
          fetchCart.rejected,
          addToCart.rejected,
          updateCartItem.rejected,
          deleteCartItem.rejected,
          resetCart.rejected,
        ),
        (s, a) => {
          s.status = 'idle';
          s.error = rejectionMessage(a);
        },
      );
  },
});

export const { cartErrorCleared } = cartSlice.actions;

type WithCart = { cart: CartState };
export const selectCartItems = (s: WithCart) => s.cart.items;
export const selectCartStatus = (s: WithCart) => s.cart.status;
export const selectCartLoaded = (s: WithCart) => s.cart.cartLoaded;
export const selectCartError = (s: WithCart) => s.cart.error;
/** The top bar badge: the number of cart lines (docs/product.md, Page frame). */
export const selectCartCount = (s: WithCart) => s.cart.items.length;
/** Pieces in the cart: the sum of the quantities. */
export const selectCartQuantity = createSelector([selectCartItems], (items) =>
  items.reduce((n, item) => n + item.quantity, 0),
);
/** Total in rupees, summed in paise so it never drifts. */
export const selectCartTotal = createSelector([selectCartItems], (items) =>
  paiseToRupees(
    items.reduce((sum, item) => sum + rupeesToPaise(item.product.discountedPrice) * item.quantity, 0),
  ),
);
