import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../app/hooks';
import { addToCart } from './cart-slice';

export interface AddToCartChoice {
  product: { id: number; title: string; stock: number };
  color: string | null;
  size: number | null;
}

/**
 * SPEC §5 add to cart: out of stock, then colour, then size are checked here; the server answers
 * `Product already in cart` for a repeat. Every outcome is a toast; resolves true when added.
 */
export function useAddToCart() {
  const dispatch = useAppDispatch();
  return useCallback(
    async ({ product, color, size }: AddToCartChoice): Promise<boolean> => {
      if (product.stock <= 0) {
        toast.error(`${product.title} is out of stock`);
        return false;
      }
      if (!color) {
        toast.error('Please select a color');
        return false;
      }
      if (size === null) {
        toast.error('Please select a size');
        return false;
      }
      const result = await dispatch(addToCart({ product: product.id, quantity: 1, color, size }));
      if (addToCart.rejected.match(result)) {
        toast.error((result.payload as string | undefined) ?? 'Something went wrong');
        return false;
      }
      toast.success(`${product.title} added to cart`);
      return true;
    },
    [dispatch],
  );
}
