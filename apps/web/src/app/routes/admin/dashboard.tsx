import { PageSpinner } from '../../../components/ui/spinner';
import {
  Breakdowns,
  cardClass,
  LowStock,
  TopProducts,
} from '../../../features/dashboard/components/breakdowns';
import { FigureCards } from '../../../features/dashboard/components/figure-cards';
import { PeriodPicker } from '../../../features/dashboard/components/period-picker';
import { SalesChart } from '../../../features/dashboard/components/sales-chart';
import { useDashboard } from '../../../features/dashboard/use-dashboard';
import { PageFrame } from '../../layout/page-frame';

const longDate = (d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

export default function AdminDashboardPage() {
  const d = useDashboard();
  const data = d.data;
  return (
    <PageFrame>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold tracking-widest text-teal uppercase">Admin</p>
          <h1 className="mt-1 text-3xl font-bold text-ink">Dashboard</h1>
          <p className="mt-1 text-ink-soft">
            {data
              ? `${longDate(data.period.from)} – ${longDate(data.period.to)}, compared with the ${data.period.days === 1 ? 'day' : `${data.period.days} days`} before`
              : 'How the shop is doing'}
          </p>
        </div>
        <PeriodPicker period={d.period} onPreset={d.choosePreset} onRange={d.chooseRange} />
      </div>
      {d.error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
          {d.error}
        </p>
      ) : !data ? (
        <PageSpinner />
      ) : (
        <div
          className={d.loading ? 'space-y-6 opacity-60 transition-opacity' : 'space-y-6'}
          aria-busy={d.loading}
        >
          <FigureCards figures={data.figures} previous={data.previous} />
          <section aria-labelledby="sales-heading" className={cardClass}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="sales-heading" className="font-semibold text-ink">
                Revenue and orders per day
              </h2>
              <p className="text-xs text-ink-soft">
                Revenue counts paid card orders and cash orders that are not cancelled.
              </p>
            </div>
            <div className="mt-3">
              <SalesChart daily={data.daily} />
            </div>
          </section>
          <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            <Breakdowns data={data} />
            <LowStock data={data} />
          </div>
          <div className="grid gap-6 md:grid-cols-2">
            <TopProducts id="top-revenue" title="Top 10 by revenue" rows={data.topByRevenue} by="revenue" />
            <TopProducts id="top-units" title="Top 10 by units" rows={data.topByUnits} by="units" />
          </div>
        </div>
      )}
    </PageFrame>
  );
}
