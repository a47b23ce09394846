import type { OrderStatus } from '@shop/shared/constants';
import { STAGE_LABELS, type OrderStage } from '@shop/shared/shipping';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';

/** Pending purple, dispatched yellow, delivered green, cancelled red (docs/product.md, Order statuses). */
export const ORDER_STATUS_TONE: Record<OrderStatus, BadgeTone> = {
  pending: 'purple',
  dispatched: 'yellow',
  delivered: 'green',
  cancelled: 'red',
};

const DOT: Record<OrderStatus, string> = {
  pending: 'bg-purple-600',
  dispatched: 'bg-yellow-600',
  delivered: 'bg-green-600',
  cancelled: 'bg-red-600',
};

/** "pending" → "Pending": the words people read, also for screen readers (CSS capitalize is not read). */
export const statusLabel = (status: OrderStatus) => status.charAt(0).toUpperCase() + status.slice(1);

export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return (
    <Badge tone={ORDER_STATUS_TONE[status]} className={cx('gap-1.5', className)}>
      <span aria-hidden="true" className={cx('size-1.5 rounded-full', DOT[status])} />
      {statusLabel(status)}
    </Badge>
  );
}

/** The stage each status starts at: naming it beside the status would say nothing more. */
const PLAIN_STAGE: Record<OrderStatus, OrderStage> = {
  pending: 'pending',
  dispatched: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

/** The stage's words when they say more than the status does (`Out for delivery` for Dispatched); else null. */
export const stageNote = (stage: OrderStage | undefined, status: OrderStatus): string | null =>
  stage === undefined || PLAIN_STAGE[status] === stage ? null : STAGE_LABELS[stage];
