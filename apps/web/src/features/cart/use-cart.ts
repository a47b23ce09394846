import { useCallback, useMemo } from 'react';
import type { CartItem } from '@shop/shared/cart';
import { ASK_ONCE } from '../../lib/base-api';
import { useAppSelector } from '../../lib/store-hooks';
import { useGetCartQuery, useQuoteCartQuery } from './cart-api';
import { cartQuantity, cartTotal } from './cart-totals';
import { selectGuestLines, selectMergeFailed } from './guest-cart-slice';

const NO_ITEMS: CartItem[] = [];

/**
 * The cart, one request for all who show it: the account's when `signedIn`, else the visitor's bag priced
 * by the server. `loaded` even after a failed read; not while a bag is joining the account's cart.
 */
export function useCart(signedIn: boolean) {
  const lines = useAppSelector(selectGuestLines);
  const mergeFailed = useAppSelector(selectMergeFailed);
  const joining = signedIn && lines.length > 0 && !mergeFailed;
  const account = useGetCartQuery(undefined, { ...ASK_ONCE, skip: !signedIn || joining });
  const bag = useQuoteCartQuery(lines, { skip: signedIn || lines.length === 0 });
  const items = signedIn ? (account.data ?? NO_ITEMS) : lines.length === 0 ? NO_ITEMS : (bag.data?.items ?? NO_ITEMS);
  const loaded = signedIn
    ? !joining && (account.isSuccess || account.isError)
    : lines.length === 0 || bag.isSuccess || bag.isError;
  const totals = useMemo(() => ({ total: cartTotal(items), pieces: cartQuantity(items) }), [items]);
  const { refetch: refetchAccount } = account;
  const { refetch: refetchBag } = bag;
  // A skipped query cannot be asked again: there is nothing to read.
  const refetch = useCallback(() => {
    if (signedIn && !joining) void refetchAccount();
    else if (!signedIn && lines.length > 0) void refetchBag();
  }, [signedIn, joining, lines.length, refetchAccount, refetchBag]);
  return { items, loaded, ...totals, refetch };
}
