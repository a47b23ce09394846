import { toast } from 'react-toastify';
import { Copy } from 'lucide-react';
import {
  RETURN_STATUS_LABELS,
  type Refund,
  type RefundTo,
  type ReturnRequest,
  type ReturnStatus,
} from '@shop/shared/returns';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import { paths } from '../../../config/paths';
import { API_BASE } from '../../../lib/api-client';
import { formatIndiaMoment } from '../../../lib/india-dates';

export const RETURN_STATUS_TONE: Record<ReturnStatus, BadgeTone> = {
  requested: 'yellow',
  approved: 'purple',
  received: 'neutral',
  refunded: 'green',
  closed: 'green',
  rejected: 'red',
};

export function ReturnStatusBadge({ status, className }: { status: ReturnStatus; className?: string }) {
  return (
    <Badge tone={RETURN_STATUS_TONE[status]} className={className}>
      {RETURN_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The Returns screen's tabs (returns-screen.tsx). */
export type ReturnTab = 'requested' | 'approved' | 'received' | 'owed' | 'all';

/** The Returns screen's address: a tab (`?tab=owed`), or one order's returns (`?order=5`). */
export const returnsLink = (to: { tab?: ReturnTab; order?: number } = {}) =>
  to.order !== undefined
    ? `${paths.adminReturns}?order=${to.order}`
    : to.tab && to.tab !== 'requested'
      ? `${paths.adminReturns}?tab=${to.tab}`
      : paths.adminReturns;

/** A credit note's PDF (`GET /api/orders/{orderId}/credit-notes/{id}`). */
export const returnCreditNoteUrl = (orderId: number, creditNoteId: number) =>
  `${API_BASE}/orders/${orderId}/credit-notes/${creditNoteId}`;

/** Whether the money goes back by the owner's own transfer (a cash order), rather than to the card. */
export function paidByTransfer(r: Pick<ReturnRequest, 'paymentMethod' | 'refund' | 'refundTo'>): boolean {
  if (r.refund) return r.refund.method === 'transfer';
  if (r.paymentMethod) return r.paymentMethod === 'cash';
  return r.refundTo !== null;
}

/** A received return of a cash order whose refund the owner still has to pay by hand. */
export function owesTransfer(r: ReturnRequest): boolean {
  if (r.status !== 'received' || r.refundAmount <= 0) return false;
  if (r.refund) return r.refund.method === 'transfer' && r.refund.status === 'pending';
  return paidByTransfer(r);
}

/** Where a refund stands, in the owner's words. */
export function refundStateText(refund: Refund): string {
  if (refund.method === 'original') {
    if (refund.status === 'pending') return 'Under way with the payment provider';
    if (refund.status === 'failed') return 'The payment provider refused it';
    return refund.processedAt ? `Refunded ${formatIndiaMoment(refund.processedAt)}` : 'Refunded';
  }
  if (refund.status === 'pending') return 'Not paid yet';
  if (refund.status === 'failed') return 'Transfer failed';
  return refund.processedAt ? `Transferred ${formatIndiaMoment(refund.processedAt)}` : 'Transferred';
}

/** The reference of a refund paid by UPI or bank transfer, as staff enter it (TextField props). */
export const TRANSFER_REFERENCE_FIELD = {
  label: 'Transfer reference',
  hint: 'The UPI transaction ID or the bank’s UTR.',
  autoComplete: 'off',
  spellCheck: false,
  required: true,
  maxLength: 60,
  className: 'font-mono',
} as const;

export const refundTone = (refund: Refund) =>
  refund.status === 'processed' ? 'text-green-800' : refund.status === 'failed' ? 'text-red-700' : 'text-ink';

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copied`);
  } catch {
    toast.error(`Copy the ${what.toLowerCase()} by hand: the browser did not allow it`);
  }
}

function CopyButton({ text, what }: { text: string; what: string }) {
  return (
    <button
      type="button"
      onClick={() => void copy(text, what)}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-teal hover:bg-teal/10 focus-visible:outline-2 focus-visible:outline-teal"
    >
      <Copy aria-hidden="true" className="size-4" />
      <span className="sr-only">Copy {what}</span>
    </button>
  );
}

/** A cash order's refund destination, whole: the owner pays it. */
export function RefundDestination({
  to,
  copyable = true,
  className,
}: {
  to: RefundTo;
  /** While the transfer is still to make: each detail has a copy button. */
  copyable?: boolean;
  className?: string;
}) {
  if ('upi' in to)
    return (
      <dl className={cx('text-sm', className)}>
        <dt className="text-ink-soft">UPI ID</dt>
        <dd className="flex items-center gap-1 font-mono font-medium break-all text-ink">
          {to.upi}
          {copyable && <CopyButton text={to.upi} what="UPI ID" />}
        </dd>
      </dl>
    );
  return (
    <dl className={cx('grid gap-y-1 text-sm', className)}>
      <div>
        <dt className="text-ink-soft">Account holder</dt>
        <dd className="font-medium text-ink">{to.name}</dd>
      </div>
      <div>
        <dt className="text-ink-soft">Account number</dt>
        <dd className="flex items-center gap-1 font-mono font-medium break-all text-ink">
          {to.accountNumber}
          {copyable && <CopyButton text={to.accountNumber} what="Account number" />}
        </dd>
      </div>
      <div>
        <dt className="text-ink-soft">IFSC</dt>
        <dd className="flex items-center gap-1 font-mono font-medium text-ink">
          {to.ifsc}
          {copyable && <CopyButton text={to.ifsc} what="IFSC" />}
        </dd>
      </div>
    </dl>
  );
}

/** `name@bank`, or `A/c 1234…` at IFSC: one line, for a dialog's words. */
export const destinationText = (to: RefundTo | null) =>
  to === null
    ? 'the shopper'
    : 'upi' in to
      ? to.upi
      : `account ${to.accountNumber} (IFSC ${to.ifsc}, ${to.name})`;
