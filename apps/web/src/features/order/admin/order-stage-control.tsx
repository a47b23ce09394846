import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { RotateCcw } from 'lucide-react';
import { formatRupees } from '@shop/shared/money';
import type { Order } from '@shop/shared/order';
import {
  BOOKABLE_STAGES,
  NEXT_STAGES,
  orderReopenBodySchema,
  STAGE_LABELS,
  STAGES_TO_CONFIRM,
  type OrderStage,
} from '@shop/shared/shipping-schemas';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { Modal } from '../../../components/ui/modal';
import { ModalForm } from '../../../components/ui/modal-form';
import { TextArea } from '../../../components/ui/text-area';
import { errorText } from '../../../lib/error-text';
import { useReopenOrderMutation, useUpdateOrderStageMutation } from './shipping-api';
import { useOneFieldDialog } from './use-one-field-dialog';

/** What the button that moves an order to a stage says. */
const ACTION: Record<OrderStage, string> = {
  pending: 'Mark pending',
  confirmed: 'Mark confirmed',
  packed: 'Mark packed',
  shipped: 'Mark shipped',
  out_for_delivery: 'Mark out for delivery',
  delivered: 'Mark delivered',
  undelivered: 'Mark delivery failed',
  rto: 'Mark returned to us',
  cancelled: 'Cancel order',
};

const UNDOES: readonly OrderStage[] = ['cancelled', 'rto'];

/** The stages this order may move to by hand; a COD order awaiting the shopper is confirmed by its own button. */
export const stagesOffered = (order: Pick<Order, 'stage' | 'confirmation'>): readonly OrderStage[] =>
  NEXT_STAGES[order.stage].filter((s) => !(s === 'confirmed' && order.confirmation === 'awaiting'));

const paidOnline = (order: Order) => order.payment.status === 'paid';

/** The dialog's words for a change that mails the shopper or undoes work (STAGES_TO_CONFIRM). */
function question(order: Order, stage: OrderStage) {
  const refund = paidOnline(order)
    ? ` ${formatRupees(order.totalAmount)} was paid online: refund it through your payment provider.`
    : '';
  switch (stage) {
    case 'cancelled':
      return {
        title: `Cancel order #${order.id}?`,
        description: `The shopper is mailed that the order is cancelled. Its stock returns to the shop and a credit note cancels its tax invoice.${refund}`,
        confirm: 'Cancel order',
        keep: 'Keep the order',
      };
    case 'rto':
      return {
        title: `Mark order #${order.id} returned to us?`,
        description: `The parcel came back undelivered, so the sale is undone: the order counts as cancelled, its stock returns to the shop, a credit note cancels its tax invoice and the shopper is mailed.${refund}`,
        confirm: 'Mark returned to us',
        keep: 'Go back',
      };
    default:
      return {
        title: `Mark order #${order.id} ${STAGE_LABELS[stage].toLowerCase()}?`,
        description: `The shopper is mailed that the order is ${STAGE_LABELS[stage].toLowerCase()}.${
          stage === 'delivered' && order.paymentMethod === 'cash' && !order.cashCollected
            ? ` Its cash on delivery, ${formatRupees(order.totalAmount)}, is recorded as collected.`
            : ''
        }`,
        confirm: ACTION[stage],
        keep: 'Go back',
      };
  }
}

/**
 * The order's stage and the moves staff may make from it (NEXT_STAGES): only forwards, a change that
 * mails the shopper or undoes work asked first. Shipped comes from booking a shipment; a cancelled
 * order is reopened with a reason.
 */
export function OrderStageControl({ order, className }: { order: Order; className?: string }) {
  const id = useId();
  const [update] = useUpdateOrderStageMutation();
  const [saving, setSaving] = useState<OrderStage | null>(null);
  // The stage being asked about stays after the dialog closes, so its words do not vanish as it fades.
  const [asking, setAsking] = useState<OrderStage | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const offered = stagesOffered(order);

  function choose(stage: OrderStage) {
    setError(null);
    if (!STAGES_TO_CONFIRM.includes(stage)) return void move(stage);
    setAsking(stage);
    setOpen(true);
  }

  async function move(stage: OrderStage) {
    setError(null);
    setSaving(stage);
    const result = await update({ id: order.id, stage });
    setSaving(null);
    if (result.error) {
      setError(errorText(result.error));
      return;
    }
    setOpen(false);
    toast.success(`Order #${order.id} marked ${STAGE_LABELS[stage].toLowerCase()}`);
  }

  const q = asking ? question(order, asking) : null;
  return (
    <div className={className}>
      <p className="text-sm text-ink-soft">
        Stage: <span className="font-semibold text-ink">{STAGE_LABELS[order.stage]}</span>
      </p>
      {offered.length > 0 ? (
        <div role="group" aria-labelledby={`${id}-moves`} className="mt-3">
          <p id={`${id}-moves`} className="mb-2 text-sm font-medium text-ink">
            Move to
          </p>
          <div className="flex flex-wrap gap-2">
            {offered.map((stage) => (
              <Button
                key={stage}
                variant="outline"
                loading={saving === stage && !open}
                disabled={saving !== null}
                onClick={() => choose(stage)}
                className={cx(UNDOES.includes(stage) && 'text-red-700 hover:border-red-300 hover:bg-red-50')}
              >
                {ACTION[stage]}
              </Button>
            ))}
          </div>
        </div>
      ) : order.stage === 'cancelled' ? (
        <ReopenOrder order={order} className="mt-3" />
      ) : (
        <p className="mt-2 text-sm text-ink-soft">Nothing more to do: the order’s journey has ended.</p>
      )}
      {order.confirmation === 'awaiting' && order.stage === 'pending' && (
        <p className="mt-2 text-xs text-ink-soft">
          Once the shopper has confirmed, use “Confirm order” above.
        </p>
      )}
      {BOOKABLE_STAGES.includes(order.stage) && (
        <p className="mt-2 text-xs text-ink-soft">To ship it, book its shipment in the Shipment panel.</p>
      )}
      {error && !open && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <Modal
        open={open}
        onClose={() => saving === null && setOpen(false)}
        title={q?.title}
        description={q?.description}
        cancelLabel={q?.keep}
        confirmLabel={q?.confirm}
        confirmVariant={asking && UNDOES.includes(asking) ? 'danger' : 'primary'}
        confirmLoading={saving !== null}
        onConfirm={() => asking && void move(asking)}
      >
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {error}
          </p>
        )}
      </Modal>
    </div>
  );
}

/** A cancelled order back to pending, on purpose: the reason goes into its history. */
function ReopenOrder({ order, className }: { order: Order; className?: string }) {
  const [reopen, { isLoading }] = useReopenOrderMutation();
  const dialog = useOneFieldDialog<HTMLTextAreaElement, string, Order>({
    check: (reason) => {
      const parsed = orderReopenBodySchema.safeParse({ reason });
      return parsed.success ? { value: parsed.data.reason } : { problem: parsed.error.issues[0]?.message };
    },
    send: (reason) => reopen({ id: order.id, reason }),
    done: () => toast.success(`Order #${order.id} reopened`),
    busy: isLoading,
  });

  return (
    <>
      <Button
        variant="outline"
        icon={<RotateCcw aria-hidden="true" className="size-4" />}
        onClick={dialog.show}
        className={className}
      >
        Reopen order
      </Button>
      <ModalForm
        {...dialog.modal}
        title={`Reopen order #${order.id}?`}
        description="The order goes back to Pending and its stock is taken again. A new tax invoice is issued and mailed to the shopper."
        confirmLabel="Reopen order"
      >
        <TextArea
          {...dialog.field}
          label="Why is it reopened?"
          hint="At least 5 characters. It is kept in the order’s history."
          rows={3}
          required
          maxLength={300}
        />
      </ModalForm>
    </>
  );
}
