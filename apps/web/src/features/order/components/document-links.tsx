import { FileText, ReceiptText } from 'lucide-react';
import type { Order } from '@shop/shared/order';
import { API_BASE } from '../../../lib/api-client';

/** Where an order's tax invoice or credit note PDF is served (owner or admin). */
export const invoiceUrl = (id: number) => `${API_BASE}/orders/${id}/invoice`;
export const creditNoteUrl = (id: number) => `${API_BASE}/orders/${id}/credit-note`;

const focus = 'focus-visible:outline-2 focus-visible:outline-teal';
const wide = `inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium underline-offset-4 hover:underline ${focus}`;
// As the table's other action buttons: a 44 px square.
const square = `flex size-11 items-center justify-center rounded-lg transition-colors ${focus}`;

/**
 * "Download invoice" (and "Download credit note" once one was issued) for an order that has them;
 * nothing for one that has none (an unpaid card order). `compact` shows icons only, for a table.
 */
export function DocumentLinks({ order, compact = false, className }: { order: Pick<Order, 'id' | 'invoiceNumber' | 'creditNoteNumber'>; compact?: boolean; className?: string }) {
  if (!order.invoiceNumber && !order.creditNoteNumber) return null;
  const link = compact ? square : wide;
  return (
    <div className={className ?? 'flex flex-wrap items-center gap-x-3'}>
      {order.invoiceNumber && (
        <a
          href={invoiceUrl(order.id)}
          download
          className={`${link} text-teal ${compact ? 'hover:bg-teal/10' : ''}`}
          aria-label={compact ? `Download invoice ${order.invoiceNumber} of order #${order.id}` : undefined}
          title={`Tax invoice ${order.invoiceNumber}`}
        >
          <FileText aria-hidden="true" className="size-4.5" />
          {!compact && 'Download invoice'}
        </a>
      )}
      {order.creditNoteNumber && (
        <a
          href={creditNoteUrl(order.id)}
          download
          className={`${link} text-maroon ${compact ? 'hover:bg-maroon/10' : ''}`}
          aria-label={compact ? `Download credit note ${order.creditNoteNumber} of order #${order.id}` : undefined}
          title={`Credit note ${order.creditNoteNumber}`}
        >
          <ReceiptText aria-hidden="true" className="size-4.5" />
          {!compact && 'Download credit note'}
        </a>
      )}
    </div>
  );
}
