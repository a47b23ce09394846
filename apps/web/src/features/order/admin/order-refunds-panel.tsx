import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Banknote, ReceiptText, Undo2 } from 'lucide-react';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@shop/shared/money';
import type { Order } from '@shop/shared/order';
import { RETURN_STATUS_LABELS, type Refund, type ReturnStatus } from '@shop/shared/returns';
import { orderRefundBodySchema, refundDoneBodySchema } from '@shop/shared/returns-schemas';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { ModalForm } from '../../../components/ui/modal-form';
import { TextField } from '../../../components/ui/text-field';
import { formatIndiaMoment } from '../../../lib/india-dates';
import {
  refundStateText,
  refundTone,
  returnCreditNoteUrl,
  returnsLink,
  TRANSFER_REFERENCE_FIELD,
} from './return-parts';
import {
  useGetOrderReturnsForStaffQuery,
  useMarkRefundDoneMutation,
  useRefundOrderMutation,
} from './returns-api';
import { useOneFieldDialog } from './use-one-field-dialog';

const card = 'rounded-xl border border-sand bg-white p-5 shadow-sm';

/** A cancelled card order whose money was taken: it is owed back through the payment provider. */
export const refundableOnline = (order: Pick<Order, 'paymentMethod' | 'payment' | 'status'>) =>
  order.paymentMethod === 'card' && order.payment.status === 'paid' && order.status === 'cancelled';

/** What is still to refund of a cancelled prepaid order, in paise: its total less the refunds not failed. */
export function owedPaise(order: Pick<Order, 'totalAmount'>, refunds: readonly Refund[]): number {
  const refunded = refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountPaise, 0);
  return Math.max(0, rupeesToPaise(order.totalAmount) - refunded);
}

/**
 * The order's money back (docs/product.md, Returns and refunds): its refunds and credit notes, the
 * refund a cancelled card order is owed, and a link to its returns on the Returns screen.
 */
export function OrderRefundsPanel({
  order,
  canRefund = true,
  className,
}: {
  order: Order;
  /** Refunds are the owner's: staff see them, without the buttons. */
  canRefund?: boolean;
  className?: string;
}) {
  const id = useId();
  const { data } = useGetOrderReturnsForStaffQuery(order.id);
  if (!data) return null;
  const owed = refundableOnline(order) ? owedPaise(order, data.refunds) : 0;
  if (owed === 0 && data.refunds.length === 0 && data.creditNotes.length === 0 && data.returns.length === 0)
    return null;

  const counts = new Map<ReturnStatus, number>();
  for (const r of data.returns) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);

  return (
    <section aria-labelledby={id} className={cx(card, className)}>
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-ink">
        <Undo2 aria-hidden="true" className="size-5 text-teal" />
        Refunds and returns
      </h2>

      {owed > 0 && (
        <div className="mt-3 rounded-lg border border-gold bg-gold/15 p-3 text-sm">
          <p className="text-ink">
            {formatRupees(paiseToRupees(owed))} paid online for this cancelled order is still to refund.
          </p>
          {canRefund ? (
            <RefundOrder orderId={order.id} owedPaise={owed} className="mt-3" />
          ) : (
            <p className="mt-1 text-ink-soft">The owner refunds it.</p>
          )}
        </div>
      )}

      {data.refunds.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-ink">Refunds</h3>
          <ul className="mt-1 divide-y divide-sand/70 text-sm">
            {data.refunds.map((refund) => (
              <li key={refund.id} className="py-2">
                <div className="flex items-baseline justify-between gap-3">
                  <span className="font-semibold text-ink tabular-nums">{formatRupees(refund.amount)}</span>
                  <span className="text-xs text-ink-soft">
                    {refund.method === 'original' ? 'To the card or UPI' : 'By transfer'}
                    {refund.returnId !== null && `, return #${refund.returnId}`}
                  </span>
                </div>
                <p className={cx('text-sm', refundTone(refund))}>{refundStateText(refund)}</p>
                <p className="text-xs text-ink-soft">
                  Started <time dateTime={refund.createdAt}>{formatIndiaMoment(refund.createdAt)}</time>
                </p>
                {refund.reference && (
                  <p className="font-mono text-xs break-all text-ink-soft">Ref. {refund.reference}</p>
                )}
                {canRefund && refund.method === 'transfer' && refund.status === 'pending' && (
                  <MarkTransferDone refund={refund} className="mt-2" />
                )}
              </li>
            ))}
          </ul>
        </>
      )}

      {data.creditNotes.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-ink">Credit notes</h3>
          <ul className="mt-1 text-sm">
            {data.creditNotes.map((note) => (
              <li key={note.id}>
                <a
                  href={returnCreditNoteUrl(order.id, note.id)}
                  download
                  className="flex min-h-11 items-center gap-2 font-medium text-maroon hover:underline"
                >
                  <ReceiptText aria-hidden="true" className="size-4 shrink-0" />
                  <span className="min-w-0 flex-1">{note.number}</span>
                  <span className="font-normal text-ink tabular-nums">{formatRupees(note.total)}</span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}

      {data.returns.length > 0 && (
        <div className="mt-4 border-t border-sand/70 pt-3 text-sm">
          <p className="text-ink">
            {data.returns.length} {data.returns.length === 1 ? 'return' : 'returns'}:{' '}
            {[...counts]
              .map(([status, n]) => `${n} ${RETURN_STATUS_LABELS[status].toLowerCase()}`)
              .join(', ')}
          </p>
          <Link
            to={returnsLink({ order: order.id })}
            className="mt-1 inline-flex min-h-11 items-center font-medium text-teal hover:underline"
          >
            See them on the Returns screen
          </Link>
        </div>
      )}
    </section>
  );
}

function RefundOrder({
  orderId,
  owedPaise,
  className,
}: {
  orderId: number;
  owedPaise: number;
  className?: string;
}) {
  const [refund, { isLoading }] = useRefundOrderMutation();
  const owed = formatRupees(paiseToRupees(owedPaise));
  const dialog = useOneFieldDialog<HTMLInputElement, number | undefined, Refund>({
    check: (amount) => {
      const parsed = orderRefundBodySchema.safeParse({ amount: amount.trim() || undefined });
      if (!parsed.success) return { problem: parsed.error.issues[0]?.message };
      if (parsed.data.amount !== undefined && rupeesToPaise(parsed.data.amount) > owedPaise)
        return { problem: `At most ${owed} is still to refund` };
      return { value: parsed.data.amount };
    },
    send: (amount) => refund({ orderId, amount }),
    done: (r) => toast.success(`Refund of ${formatRupees(r.amount)} started`),
    busy: isLoading,
  });

  return (
    <>
      <Button
        icon={<Undo2 aria-hidden="true" className="size-4" />}
        onClick={dialog.show}
        className={cx('w-full sm:w-auto', className)}
      >
        Refund {owed}
      </Button>
      <ModalForm
        {...dialog.modal}
        title={`Refund order #${orderId}?`}
        description={`The money goes back to the shopper’s card or UPI through your payment provider; banks take 5 to 7 working days. ${owed} is still to refund.`}
        cancelLabel="Go back"
        confirmLabel="Refund"
      >
        <TextField
          {...dialog.field}
          label="Amount (₹, optional)"
          type="number"
          inputMode="decimal"
          min={1}
          step="0.01"
          placeholder={String(paiseToRupees(owedPaise))}
          hint={`Leave empty to refund all ${owed}, or enter less for a part refund.`}
        />
      </ModalForm>
    </>
  );
}

function MarkTransferDone({ refund, className }: { refund: Refund; className?: string }) {
  const [mark, { isLoading }] = useMarkRefundDoneMutation();
  const dialog = useOneFieldDialog<HTMLInputElement, string, Refund>({
    check: (reference) => {
      const parsed = refundDoneBodySchema.safeParse({ reference });
      return parsed.success ? { value: parsed.data.reference } : { problem: parsed.error.issues[0]?.message };
    },
    send: (reference) => mark({ id: refund.id, orderId: refund.orderId, reference }),
    done: () => toast.success(`Transfer of ${formatRupees(refund.amount)} marked done`),
    busy: isLoading,
  });

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        icon={<Banknote aria-hidden="true" className="size-4" />}
        onClick={dialog.show}
        className={className}
      >
        Mark transfer done
      </Button>
      <ModalForm
        {...dialog.modal}
        title={`Mark the transfer of ${formatRupees(refund.amount)} done?`}
        description="Pay it by UPI or bank transfer first, then enter its reference. The shopper is mailed that the refund is done."
        cancelLabel="Go back"
        confirmLabel="Mark transfer done"
      >
        <TextField {...dialog.field} {...TRANSFER_REFERENCE_FIELD} />
      </ModalForm>
    </>
  );
}
