import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatRupees } from '@shop/shared/money';
import type { Dashboard } from '@shop/shared/order';

const MAROON = '#7a1f2b';
const TEAL = '#0f6e6e';
const GRID = '#efe6d6';
const INK_SOFT = '#6b5b4e';

const shortDate = (d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const compactRupees = (v: number) =>
  v >= 1e7
    ? `₹${(v / 1e7).toFixed(1)}Cr`
    : v >= 1e5
      ? `₹${(v / 1e5).toFixed(1)}L`
      : v >= 1e3
        ? `₹${(v / 1e3).toFixed(0)}k`
        : `₹${v}`;

/**
 * Revenue (line, left axis) and orders (bars, right axis) per day, drawn by uPlot (decision 018),
 * with the same figures as a table for screen readers.
 */
export function SalesChart({ daily }: { daily: Dashboard['daily'] }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    // Days as UTC midnights, labelled in UTC: the API's dates are already India's calendar days.
    const xs = daily.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: el.clientWidth,
        height: 260,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        cursor: { points: { size: 7 } },
        legend: { live: true },
        scales: {
          x: { time: true },
          orders: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] },
        },
        axes: [
          // Whole days only: uPlot would otherwise split a short period into hours, each labelled with its day.
          {
            stroke: INK_SOFT,
            grid: { show: false },
            ticks: { stroke: GRID },
            incrs: [86_400, 2 * 86_400, 7 * 86_400, 14 * 86_400, 30 * 86_400],
            values: (_u, splits) =>
              splits.map((s) => shortDate(new Date(s * 1000).toISOString().slice(0, 10))),
          },
          {
            stroke: INK_SOFT,
            grid: { stroke: GRID },
            ticks: { show: false },
            size: 56,
            values: (_u, splits) => splits.map(compactRupees),
          },
          {
            scale: 'orders',
            side: 1,
            stroke: INK_SOFT,
            grid: { show: false },
            ticks: { show: false },
            size: 40,
          },
        ],
        series: [
          {
            label: 'Day',
            value: (_u, v) => (v == null ? '' : shortDate(new Date(v * 1000).toISOString().slice(0, 10))),
          },
          {
            label: 'Revenue',
            stroke: MAROON,
            width: 2,
            fill: 'rgba(122, 31, 43, 0.08)',
            points: { show: daily.length <= 31, size: 5, fill: MAROON },
            value: (_u, v) => (v == null ? '' : formatRupees(v)),
          },
          {
            label: 'Orders',
            scale: 'orders',
            stroke: TEAL,
            fill: 'rgba(15, 110, 110, 0.22)',
            width: 0,
            paths: uPlot.paths.bars!({ size: [0.5, 28] }),
            points: { show: false },
          },
        ],
      },
      [xs, daily.map((d) => d.revenue), daily.map((d) => d.orders)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 260 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [daily]);

  return (
    <figure>
      <div
        ref={box}
        data-testid="sales-chart"
        aria-hidden="true"
        className="dashboard-chart min-h-[18rem] w-full"
      />
      <figcaption className="sr-only">Revenue and orders per day</figcaption>
      <table className="sr-only">
        <caption>Revenue and orders per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Revenue</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((d) => (
            <tr key={d.date}>
              <th scope="row">{shortDate(d.date)}</th>
              <td>{formatRupees(d.revenue)}</td>
              <td>{d.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
