import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { errorText } from '../../lib/error-text';
import { useUpdateCartItemMutation } from './cart-api';

/** Sets a cart line's quantity; a refusal (more than the stock) is a toast with the server's message. */
export function useChangeQuantity() {
  const [updateCartItem] = useUpdateCartItemMutation();
  return useCallback(
    async (id: number, quantity: number) => {
      const result = await updateCartItem({ id, quantity });
      if (result.error) toast.error(errorText(result.error));
    },
    [updateCartItem],
  );
}
