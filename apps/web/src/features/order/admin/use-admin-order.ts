import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { Order } from '@shop/shared/order';
import { paths } from '../../../config/paths';
import { ASK_ONCE } from '../../../lib/base-api';
import { useAppDispatch } from '../../../lib/store-hooks';
import { orderKnown, useGetOrderQuery } from '../order-api';

/** The order of `?id=`: undefined while it loads, null when there is none (docs/product.md, Routes: then home). */
export function useAdminOrder(id: string | null): Order | null | undefined {
  const valid = id !== null && /^\d+$/.test(id);
  // Opened from the list, the list's copy is shown as it is; a reload reads the order.
  const { currentData, isError } = useGetOrderQuery(valid ? Number(id) : skipToken, ASK_ONCE);
  if (!valid || isError) return null;
  return currentData;
}

/** Opens an order of the list on its own page, drawn at once from the list's copy. */
export function useViewOrder() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    (order: Order) => {
      void dispatch(orderKnown(order));
      void navigate(`${paths.adminOrderDetail}?id=${order.id}`);
    },
    [dispatch, navigate],
  );
}
