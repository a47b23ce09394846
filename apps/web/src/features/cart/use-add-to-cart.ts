import { useCallback } from 'react';
import { toast } from 'react-toastify';
import { addedToCartMessage, MESSAGES, outOfStockMessage } from '@shop/shared/messages';
import { errorText } from '../../lib/error-text';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { useAddToCartMutation } from './cart-api';
import { lineAdded, sameLine, selectGuestLines } from './guest-cart-slice';

export interface AddToCartChoice {
  product: { id: number; title: string; stock: number };
  color: string | null;
  size: number | null;
  /** The colour × size's id, for a product with stock per variant; `product.stock` is then its stock. */
  variant?: number | null;
}

/**
 * docs/product.md, Validation: out of stock, then colour, then size are checked here; the server answers
 * `Product already in cart` for a repeat, and so does a visitor's bag (`guest`), kept on this device.
 * Every outcome is a toast; resolves true when added.
 */
export function useAddToCart(guest: boolean) {
  const [addToCart] = useAddToCartMutation();
  const dispatch = useAppDispatch();
  const bag = useAppSelector(selectGuestLines);
  return useCallback(
    async ({ product, color, size, variant = null }: AddToCartChoice): Promise<boolean> => {
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
      const line = { product: product.id, quantity: 1, color, size };
      if (guest) {
        if (bag.some((l) => sameLine(l, line))) {
          toast.error(MESSAGES.productInCart);
          return false;
        }
        // The bag keeps colour and size only: the server finds the variant from them (decision 036).
        dispatch(lineAdded(line));
      } else {
        const result = await addToCart(variant === null ? line : { ...line, variant });
        if (result.error) {
          toast.error(errorText(result.error));
          return false;
        }
      }
      toast.success(addedToCartMessage(product.title));
      return true;
    },
    [addToCart, guest, bag, dispatch],
  );
}
