import { CANCEL_REASONS, type OrderStatusEvent } from '@shop/shared/order';
import { STAGE_LABELS } from '@shop/shared/shipping';
import { Spinner } from '../../../components/ui/spinner';
import { cx } from '../../../components/ui/cx';
import { stageNote, statusLabel } from './order-status-badge';

const DOT = {
  pending: 'bg-purple-600',
  dispatched: 'bg-yellow-600',
  delivered: 'bg-green-600',
  cancelled: 'bg-red-600',
} as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** What happened at a step: a change of status, or a cash order's step that kept it. */
function what(e: OrderStatusEvent): string {
  if (e.event === 'cod_confirmed') return e.by ? `Confirmed by ${e.by.name}` : 'Confirmed';
  if (e.event === 'cash_collected') return 'Cash collected';
  const finer = stageNote(e.stage, e.to);
  // A step within one status (confirmed, packed, out for delivery) is named by its stage alone.
  if (finer && e.from === e.to) return finer;
  const change =
    e.from === null ? `Placed · ${statusLabel(e.to)}` : `${statusLabel(e.from)} → ${statusLabel(e.to)}`;
  return finer ? `${change} · ${finer}` : change;
}

/** Who made a step, as the admin reads it; shoppers' events carry no `by` and show none. */
function who(e: OrderStatusEvent): string | null {
  if (e.event === 'cod_confirmed')
    return e.by?.role === 'user' ? 'By the shopper’s link' : e.by ? 'After a call' : null;
  if (e.by === undefined) return e.reason ? 'By you' : null;
  if (e.by === null) return e.from === null ? null : 'By the shop (automatic)';
  if (e.from === null) return `Placed by ${e.by.name}`;
  return e.by.role === 'user' ? `By the shopper, ${e.by.name}` : `By ${e.by.name}`;
}

export function StatusTimeline({
  events,
  failed,
  className,
}: {
  events: OrderStatusEvent[] | null;
  failed?: boolean;
  className?: string;
}) {
  if (failed)
    return <p className={cx('text-sm text-ink-soft', className)}>The history could not be loaded.</p>;
  if (!events) return <Spinner size="sm" label="Loading history" className={className} />;
  return (
    <ol className={cx('relative space-y-4 border-l border-sand pl-5', className)} aria-label="Status history">
      {events.map((e, i) => {
        const by = who(e);
        return (
          <li key={i} className="relative">
            <span
              aria-hidden="true"
              className={cx(
                'absolute top-1.5 -left-[1.6rem] size-2.5 rounded-full ring-4 ring-white',
                e.event ? 'bg-gold' : DOT[e.to],
              )}
            />
            <p className="text-sm font-medium text-ink">{what(e)}</p>
            <p className="text-xs text-ink-soft">
              <time dateTime={e.at}>{when(e.at)}</time>
              {by && <> · {by}</>}
            </p>
            {e.reason && <p className="text-xs text-ink-soft">Reason: {CANCEL_REASONS[e.reason]}</p>}
            {e.note && e.note !== (e.stage && STAGE_LABELS[e.stage]) && (
              <p className="text-xs text-ink-soft">
                {e.from === 'cancelled' ? `Reopened: ${e.note}` : e.note}
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
