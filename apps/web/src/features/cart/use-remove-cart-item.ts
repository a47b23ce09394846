import { useCallback } from 'react';
import { toast } from 'react-toastify';
import type { CartItem } from '@shop/shared/cart';
import { errorText } from '../../lib/error-text';
import { useAppDispatch } from '../../lib/store-hooks';
import { useDeleteCartItemMutation } from './cart-api';
import { lineRemoved } from './guest-cart-slice';

/**
 * Removes a cart line (from a visitor's bag when `guest`) and says so in a toast. The product words it per
 * page (`Item removed from cart` in the cart, `Product removed from cart` at checkout), so the page hands in its `success` text.
 */
export function useRemoveCartItem(success: string, guest: boolean) {
  const [deleteCartItem] = useDeleteCartItemMutation();
  const dispatch = useAppDispatch();
  return useCallback(
    async (item: CartItem) => {
      if (guest) {
        dispatch(lineRemoved({ product: item.product.id, color: item.color, size: item.size }));
        toast.success(success);
        return;
      }
      const result = await deleteCartItem(item.id);
      if (result.error) toast.error(errorText(result.error));
      else toast.success(success);
    },
    [deleteCartItem, success, guest, dispatch],
  );
}
