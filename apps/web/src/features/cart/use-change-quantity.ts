import { useCallback } from 'react';
import { toast } from 'react-toastify';
import type { CartItem } from '@shop/shared/cart';
import { outOfStockMessage } from '@shop/shared/messages';
import { errorText } from '../../lib/error-text';
import { useAppDispatch } from '../../lib/store-hooks';
import { useUpdateCartItemMutation } from './cart-api';
import { quantitySet } from './guest-cart-slice';

/** Sets a cart line's quantity; a refusal (more than the stock) is a toast with the server's message, a visitor's bag says the same. */
export function useChangeQuantity(guest: boolean) {
  const [updateCartItem] = useUpdateCartItemMutation();
  const dispatch = useAppDispatch();
  return useCallback(
    async (item: CartItem, quantity: number) => {
      if (guest) {
        if (item.product.deleted || quantity > item.product.stock) toast.error(outOfStockMessage(item.product.title));
        else dispatch(quantitySet({ line: { product: item.product.id, color: item.color, size: item.size }, quantity }));
        return;
      }
      const result = await updateCartItem({ id: item.id, quantity });
      if (result.error) toast.error(errorText(result.error));
    },
    [updateCartItem, guest, dispatch],
  );
}
