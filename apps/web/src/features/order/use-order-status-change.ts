import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import type { OrderStatus } from '@shop/shared/constants';
import type { Order } from '@shop/shared/order';
import { useAppDispatch } from '../../app/hooks';
import { rejectionMessage } from '../../lib/thunk';
import { statusLabel } from './components/order-status-badge';
import { updateOrder } from './order-slice';

/**
 * Admin: choosing a status sends it, from the orders table and the order page alike.
 * `updatingId` names the order being saved; a refusal is a toast with the server's message.
 */
export function useOrderStatusChange() {
  const dispatch = useAppDispatch();
  const [updatingId, setUpdatingId] = useState<number | null>(null);
  const change = useCallback(
    async (order: Order, status: OrderStatus) => {
      if (status === order.status) return;
      setUpdatingId(order.id);
      const r = await dispatch(updateOrder({ id: order.id, status }));
      setUpdatingId(null);
      // Issue 16: every change confirms, so the admin need not look twice at the badge.
      if (updateOrder.rejected.match(r)) toast.error(rejectionMessage(r));
      else toast.success(`Order #${order.id} marked ${statusLabel(status)}`);
    },
    [dispatch],
  );
  return { updatingId, change };
}
