import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { addedToCartMessage, MESSAGES, outOfStockMessage } from '@shop/shared/messages';
import { errorText } from '../../lib/error-text';
import { useAddToCartMutation } from './cart-api';

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
  const [addToCart] = useAddToCartMutation();
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
      const result = await addToCart({ product: product.id, quantity: 1, color, size });
      if (result.error) {
        toast.error(errorText(result.error));
        return false;
      }
      toast.success(addedToCartMessage(product.title));
      return true;
    },
    [addToCart],
  );
}
