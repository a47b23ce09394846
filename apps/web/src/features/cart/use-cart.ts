import { useMemo } from 'react';
import type { CartItem } from '@shop/shared/cart';
import { ASK_ONCE } from '../../lib/base-api';
import { useGetCartQuery } from './cart-api';
import { cartQuantity, cartTotal } from './cart-totals';

const NO_ITEMS: CartItem[] = [];

/** The cart, one request for all who show it (`false` while signed out); `loaded` even after a failed read. */
export function useCart(enabled = true) {
  const {
    data: items = NO_ITEMS,
    isSuccess,
    isError,
    refetch,
  } = useGetCartQuery(undefined, { ...ASK_ONCE, skip: !enabled });
  const totals = useMemo(() => ({ total: cartTotal(items), pieces: cartQuantity(items) }), [items]);
  return { items, loaded: isSuccess || isError, ...totals, refetch };
}
