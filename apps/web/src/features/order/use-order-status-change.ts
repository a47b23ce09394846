import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import type { OrderStatus } from '@shop/shared/constants';
import type { Order } from '@shop/shared/order';
import { errorText } from '../../lib/error-text';
import { statusLabel } from './components/order-status-badge';
import { useUpdateOrderStatusMutation } from './order-api';

/**
 * Admin: choosing a status sends it, from the orders table and the order page alike.
 * `updatingId` names the order being saved; a refusal is a toast with the server's message.
 */
export function useOrderStatusChange() {
  const [updateOrderStatus] = useUpdateOrderStatusMutation();
  const [updatingId, setUpdatingId] = useState<number | null>(null);
  const change = useCallback(
    async (order: Order, status: OrderStatus) => {
      if (status === order.status) return;
      setUpdatingId(order.id);
      const result = await updateOrderStatus({ id: order.id, status });
      setUpdatingId(null);
      // Every change confirms, so the admin need not look twice at the badge.
      if (result.error) toast.error(errorText(result.error));
      else toast.success(`Order #${order.id} marked ${statusLabel(status)}`);
    },
    [updateOrderStatus],
  );
  return { updatingId, change };
}
