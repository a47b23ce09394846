import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchCart, selectCartItems, selectCartLoaded } from './cart-slice';

/** The signed-in shopper's cart, fetched once on first use (pass false while signed out). */
export function useCart(enabled = true) {
  const dispatch = useAppDispatch();
  const items = useAppSelector(selectCartItems);
  const loaded = useAppSelector(selectCartLoaded);
  useEffect(() => {
    if (enabled && !loaded) void dispatch(fetchCart());
  }, [dispatch, enabled, loaded]);
  return { items, loaded };
}
