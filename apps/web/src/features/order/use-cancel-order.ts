import { useCallback, useState } from 'react';
import { toast } from 'react-toastify';
import { MESSAGES } from '@shop/shared/messages';
import { orderCancelBodySchema, type CancelReason, type Order } from '@shop/shared/order';
import { errorText } from '../../lib/error-text';
import { useCancelOwnOrderMutation } from './order-api';

/**
 * A shopper cancelling their own order: the reasons' dialog, the reason chosen and the server's
 * answer. A refusal (the order was dispatched meanwhile) stays in the dialog, in the server's words.
 */
export function useCancelOrder(order: Pick<Order, 'id'>, onCancelled?: () => void) {
  const [cancelOwnOrder, { isLoading: saving }] = useCancelOwnOrderMutation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = useCallback(() => {
    setReason(null);
    setError(null);
    setOpen(true);
  }, []);
  const close = useCallback(() => {
    if (!saving) setOpen(false);
  }, [saving]);
  const choose = useCallback((r: CancelReason) => {
    setReason(r);
    setError(null);
  }, []);
  const confirm = useCallback(async () => {
    const body = orderCancelBodySchema.safeParse({ reason });
    if (!body.success) {
      setError(body.error.issues[0]?.message ?? null);
      return;
    }
    const result = await cancelOwnOrder({ id: order.id, reason: body.data.reason });
    if (result.error) {
      setError(errorText(result.error));
      return;
    }
    setOpen(false);
    toast.success(MESSAGES.orderCancelled);
    onCancelled?.();
  }, [cancelOwnOrder, onCancelled, order.id, reason]);

  return { open, reason, error, saving, start, close, choose, confirm };
}
