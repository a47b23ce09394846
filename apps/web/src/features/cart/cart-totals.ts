import type { CartItem } from '@shop/shared/cart';
import { paiseToRupees, rupeesToPaise } from '@shop/shared/money';

export const cartQuantity = (items: readonly CartItem[]) => items.reduce((n, item) => n + item.quantity, 0);

/** Total in rupees, summed in paise so it never drifts. */
export const cartTotal = (items: readonly CartItem[]) =>
  paiseToRupees(
    items.reduce((sum, item) => sum + rupeesToPaise(item.product.discountedPrice) * item.quantity, 0),
  );
