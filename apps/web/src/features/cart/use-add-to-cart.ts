import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { addedToCartMessage, MESSAGES, outOfStockMessage } from '@shop/shared/messages';
import { useAppDispatch } from '../../app/hooks';
import { rejectionMessage } from '../../lib/thunk';
import { addToCart } from './cart-slice';

export interface AddToCartChoice {
  product: { id: number; title: string; stock: number };
  color: string | null;
  size: number | null;
}

/**
 * docs/product.md, Validation: out of stock, then colour, then size are checked here; the server answers
 * `Product already in cart` for a repeat. Every outcome is a toast; resolves true when added.
 */
export function useAddToCart() {
  const dispatch = useAppDispatch();
  return useCallback(
    async ({ product, color, size }: AddToCartChoice): Promise<boolean> => {
      if (product.stock <= 0) {
        toast.error(outOfStockMessage(product.title));
        return false;
      }
      if (!color) {
        toast.error(MESSAGES.selectColor);
        return false;
      }
      if (size === null) {
        toast.error(MESSAGES.selectSize);
        return false;
      }
      const result = await dispatch(addToCart({ product: product.id, quantity: 1, color, size }));
      if (addToCart.rejected.match(result)) {
        toast.error(rejectionMessage(result));
        return false;
      }
      toast.success(addedToCartMessage(product.title));
      return true;
    },
    [dispatch],
  );
}
