import { XCircle } from 'lucide-react';
import { formatRupees } from '@shop/shared/money';
import {
  CANCEL_REASON_KEYS,
  CANCEL_REASONS,
  SHOPPER_CANCELLABLE_STATUSES,
  type Order,
} from '@shop/shared/order';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { RadioCard } from '../../../components/ui/radio-card';
import { useCancelOrder } from '../use-cancel-order';

export const canCancel = (order: Pick<Order, 'status'>) => SHOPPER_CANCELLABLE_STATUSES.includes(order.status);

export interface CancelOrderProps {
  order: Pick<Order, 'id' | 'status' | 'totalAmount' | 'payment'>;
  onCancelled?: () => void;
  className?: string;
}

/** `Cancel order` and its dialog of reasons; nothing once the order has left the shop. */
export function CancelOrder({ order, onCancelled, className }: CancelOrderProps) {
  const c = useCancelOrder(order, onCancelled);
  if (!canCancel(order) && !c.open) return null;
  const paid = order.payment.status === 'paid';
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={c.start}
        icon={<XCircle aria-hidden="true" className="size-4" />}
        aria-label={`Cancel order #${order.id}`}
        className={className}
      >
        Cancel order
      </Button>
      <Modal
        open={c.open}
        onClose={c.close}
        title={`Cancel order #${order.id}?`}
        description={
          paid
            ? `Your sarees have not left us yet. We will refund your payment of ${formatRupees(order.totalAmount)} to the account you paid from.`
            : 'Your sarees have not left us yet, so you can still cancel. Nothing is due, as you chose cash on delivery.'
        }
        cancelLabel="Keep my order"
        confirmLabel="Cancel order"
        confirmVariant="danger"
        confirmLoading={c.saving}
        onConfirm={() => void c.confirm()}
      >
        <fieldset aria-describedby={c.error ? `cancel-${order.id}-error` : undefined}>
          <legend className="text-sm font-semibold text-ink">Please tell us why</legend>
          <div className="mt-2 grid gap-2">
            {CANCEL_REASON_KEYS.map((r) => (
              <RadioCard
                key={r}
                name={`cancel-reason-${order.id}`}
                value={r}
                checked={c.reason === r}
                onChange={() => c.choose(r)}
              >
                <span className="text-sm text-ink">{CANCEL_REASONS[r]}</span>
              </RadioCard>
            ))}
          </div>
        </fieldset>
        {c.error && (
          <p id={`cancel-${order.id}-error`} role="alert" className="mt-3 text-sm font-medium text-red-700">
            {c.error}
          </p>
        )}
      </Modal>
    </>
  );
}
