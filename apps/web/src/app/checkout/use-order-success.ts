import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { Order } from '@shop/shared/order';
import { useEmptyCartMutation } from '../../features/cart/cart-api';
import { useGetOrderQuery } from '../../features/order/order-api';
import { resetOrder, selectCurrentOrder } from '../../features/order/order-slice';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';

/** From checkout: the order just placed, and the cart emptied. On a reload: the order read by id (decision 005). */
export function useOrderSuccess(id: string | undefined): Order | null {
  const dispatch = useAppDispatch();
  const currentOrder = useAppSelector(selectCurrentOrder);
  // Kept for this page before the order in progress is cleared.
  const [justPlaced] = useState(() => (currentOrder && String(currentOrder.id) === id ? currentOrder : null));
  const [emptyCart] = useEmptyCartMutation();
  const readable = !justPlaced && id !== undefined && /^\d+$/.test(id);
  const { currentData: read } = useGetOrderQuery(readable ? Number(id) : skipToken);

  useEffect(() => {
    if (!justPlaced) return;
    void emptyCart();
    dispatch(resetOrder());
  }, [justPlaced, emptyCart, dispatch]);

  return justPlaced ?? read ?? null;
}
