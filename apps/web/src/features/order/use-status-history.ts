import { useEffect, useState } from 'react';
import type { OrderStatusEvent } from '@shop/shared/order';
import { orderApi } from './order-api';

/**
 * An order's status steps, fetched when `enabled` and again whenever the order changes (its
 * `updatedAt`), so the timeline follows a status the admin has just set.
 */
export function useStatusHistory(orderId: number, updatedAt: string, enabled = true) {
  const [events, setEvents] = useState<OrderStatusEvent[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    orderApi
      .history(orderId)
      .then((e) => {
        if (!active) return;
        setEvents(e);
        setFailed(false);
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [orderId, updatedAt, enabled]);
  return { events, failed };
}
