import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { errorText } from '../../lib/error-text';
import { useDeleteCartItemMutation } from './cart-api';

/**
 * Removes a cart line and says so in a toast. The product words it per page (`Item removed from cart`
 * in the cart, `Product removed from cart` at checkout), so the page hands in its `success` text.
 */
export function useRemoveCartItem(success: string) {
  const [deleteCartItem] = useDeleteCartItemMutation();
  return useCallback(
    async (id: number) => {
      const result = await deleteCartItem(id);
      if (result.error) toast.error(errorText(result.error));
      else toast.success(success);
    },
    [deleteCartItem, success],
  );
}
