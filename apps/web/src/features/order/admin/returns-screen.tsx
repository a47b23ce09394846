import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AlertTriangle, ArrowLeft, Undo2 } from 'lucide-react';
import type { ReturnRequest, ReturnStatus } from '@shop/shared/returns';
import { cx } from '../../../components/ui/cx';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/error-text';
import type { ImageFor } from '../components/order-item-row';
import { orderDetailLink, ReturnCard } from './return-card';
import { owesTransfer, returnsLink, type ReturnTab } from './return-parts';
import { RETURNS_PAGE_SIZE, useGetOrderReturnsForStaffQuery, useListReturnsQuery } from './returns-api';

export const RETURN_TABS = [
  {
    key: 'requested',
    label: 'To approve',
    status: 'requested',
    empty: 'No return is waiting for your approval.',
  },
  {
    key: 'approved',
    label: 'Pickups',
    status: 'approved',
    empty: 'No approved return is on its way back.',
  },
  {
    key: 'received',
    label: 'Received',
    status: 'received',
    empty: 'No received return is waiting for its refund.',
  },
  {
    key: 'owed',
    label: 'Refunds owed',
    status: 'received',
    empty: 'No transfer to make: every cash order’s refund is paid.',
  },
  {
    key: 'all',
    label: 'All',
    status: undefined,
    empty: 'Returns appear here as soon as shoppers ask for them.',
  },
] as const satisfies readonly {
  key: ReturnTab;
  label: string;
  status: ReturnStatus | undefined;
  empty: string;
}[];

const isTab = (v: string | null): v is ReturnTab => RETURN_TABS.some((t) => t.key === v);

interface ScreenProps {
  /** The owner pays transfers; staff see that one is owed. */
  isOwner: boolean;
  imageFor?: ImageFor;
}

/**
 * Staff's Returns screen (docs/product.md, Returns and refunds): the returns to work through by where
 * they stand, each with its next step; or one order's returns, linked from the order's page.
 */
export function ReturnsScreen(props: ScreenProps) {
  const [params] = useSearchParams();
  const order = params.get('order');
  if (order !== null && /^\d+$/.test(order)) return <OrderReturnsList orderId={Number(order)} {...props} />;
  return <ReturnsByStatus {...props} />;
}

function Failure({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800"
    >
      <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
      {message}
    </p>
  );
}

function Cards({ returns, ...props }: ScreenProps & { returns: ReturnRequest[]; showOrder?: boolean }) {
  return (
    <ul className="space-y-4">
      {returns.map((r) => (
        <li key={r.id}>
          <ReturnCard request={r} {...props} />
        </li>
      ))}
    </ul>
  );
}

function ReturnsByStatus(props: ScreenProps) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab = RETURN_TABS.find((t) => t.key === (isTab(tabParam) ? tabParam : 'requested'))!;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const { currentData, error, isFetching } = useListReturnsQuery({ status: tab.status, page });
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const top = useRef<HTMLDivElement>(null);

  // A page past the end (the list got shorter as returns moved on) starts again at its last page.
  useEffect(() => {
    if (currentData && !isFetching && page > 1 && page > currentData.pages) {
      const next = new URLSearchParams(params);
      if (currentData.pages > 1) next.set('page', String(currentData.pages));
      else next.delete('page');
      setParams(next, { replace: true });
    }
  }, [currentData, isFetching, page, params, setParams]);

  // On a phone the row scrolls: the chosen tab is brought into it (from a link to `?tab=all`, say).
  useEffect(() => {
    const el = tabs.current[RETURN_TABS.findIndex((t) => t.key === tab.key)];
    const row = el?.parentElement;
    if (
      el &&
      row &&
      (el.offsetLeft < row.scrollLeft || el.offsetLeft + el.offsetWidth > row.scrollLeft + row.clientWidth)
    )
      row.scrollLeft = el.offsetLeft - 16;
  }, [tab.key]);

  function choose(key: ReturnTab) {
    const next = new URLSearchParams(params);
    next.delete('page');
    if (key === 'requested') next.delete('tab');
    else next.set('tab', key);
    setParams(next);
  }

  function goToPage(p: number) {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
    top.current?.scrollIntoView({ block: 'start' });
  }

  // Tabs as the ARIA pattern has them: arrows move along the row and choose.
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = RETURN_TABS.findIndex((t) => t.key === tab.key);
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % RETURN_TABS.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + RETURN_TABS.length) % RETURN_TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? RETURN_TABS.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    choose(RETURN_TABS[to]!.key);
    tabs.current[to]?.focus();
  }

  // Refunds owed: the received returns of cash orders whose transfer is still to make (of this page).
  const shown = currentData
    ? tab.key === 'owed'
      ? currentData.returns.filter(owesTransfer)
      : currentData.returns
    : undefined;

  return (
    <div ref={top} className="scroll-mt-24">
      <div
        role="tablist"
        aria-label="Returns by status"
        onKeyDown={onKeyDown}
        className="relative -mx-4 mb-5 flex gap-1 overflow-x-auto border-b border-sand px-4 sm:mx-0 sm:px-0"
      >
        {RETURN_TABS.map((t, i) => {
          const selected = t.key === tab.key;
          return (
            <button
              key={t.key}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-${t.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => choose(t.key)}
              className={cx(
                '-mb-px min-h-11 shrink-0 border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-teal',
                selected
                  ? 'border-maroon text-maroon'
                  : 'border-transparent text-ink-soft hover:border-sand hover:text-ink',
              )}
            >
              {t.label}{' '}
              {selected && currentData && tab.key !== 'owed' && (
                <span className="ml-1.5 rounded-full bg-maroon/10 px-1.5 py-0.5 text-xs tabular-nums">
                  <span className="sr-only">(</span>
                  {currentData.total}
                  <span className="sr-only">)</span>
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-${tab.key}`}
        aria-busy={isFetching}
        className={cx(isFetching && currentData && 'opacity-60 transition-opacity')}
      >
        {tab.key === 'owed' && (
          <p className="mb-4 text-sm text-ink-soft">
            Cash orders’ returns you have received: pay each by UPI or bank transfer, then mark it done with
            its reference.
          </p>
        )}
        {error && !currentData ? (
          <Failure message={errorText(error)} />
        ) : !shown || !currentData ? (
          <PageSpinner />
        ) : shown.length === 0 ? (
          <EmptyState icon={<Undo2 className="size-8" />} title="Nothing here" message={tab.empty} />
        ) : (
          <Cards returns={shown} {...props} />
        )}
        {currentData && (
          <Pagination
            page={Math.min(page, Math.max(1, currentData.pages))}
            pageSize={RETURNS_PAGE_SIZE}
            totalItems={currentData.total}
            onPageChange={goToPage}
            className="mt-8"
          />
        )}
      </div>
    </div>
  );
}

function OrderReturnsList({ orderId, ...props }: ScreenProps & { orderId: number }) {
  const { currentData, error } = useGetOrderReturnsForStaffQuery(orderId);
  return (
    <div>
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3 border-b border-sand pb-3">
        <h2 className="text-lg font-semibold text-ink">
          Returns of{' '}
          <Link to={orderDetailLink(orderId)} className="text-teal underline underline-offset-2">
            order #{orderId}
          </Link>
        </h2>
        <Link
          to={returnsLink()}
          className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-teal hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All returns
        </Link>
      </div>
      {error && !currentData ? (
        <Failure message={errorText(error)} />
      ) : !currentData ? (
        <PageSpinner />
      ) : currentData.returns.length === 0 ? (
        <EmptyState
          icon={<Undo2 className="size-8" />}
          title="No returns"
          message={`The shopper has not asked to return anything from order #${orderId}.`}
        />
      ) : (
        <Cards returns={currentData.returns} showOrder={false} {...props} />
      )}
    </div>
  );
}
