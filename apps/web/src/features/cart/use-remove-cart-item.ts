import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../app/hooks';
import { rejectionMessage } from '../../lib/thunk';
import { deleteCartItem } from './cart-slice';

/**
 * Removes a cart line and says so in a toast. The product words it per page (`Item removed from cart`
 * in the cart, `Product removed from cart` at checkout), so the page hands in its `success` text.
 */
export function useRemoveCartItem(success: string) {
  const dispatch = useAppDispatch();
  return useCallback(
    async (id: number) => {
      const r = await dispatch(deleteCartItem(id));
      if (deleteCartItem.fulfilled.match(r)) toast.success(success);
      else toast.error(rejectionMessage(r));
    },
    [dispatch, success],
  );
}
