import type { Target } from './options.ts';
import type { ScenarioResult } from './scenarios.ts';
import type { WebResult } from './web.ts';

export interface TargetReport {
  target: Target;
  products: number;
  orders: number;
  load: { products: number; orders: number; analyze: number; images: number };
  scenarios: ScenarioResult[];
  peakMemoryBytes: number;
  checkout:
    | {
        ordersCounted: number;
        unitsOrdered: number;
        stockTaken: number;
        oversold: boolean;
        negativeStock: boolean;
      }
    | undefined;
  workers: number;
}

export interface Report {
  date: string;
  machine: {
    cpus: string;
    cores: number;
    memoryGiB: number;
    node: string;
    postgres?: string;
    loadAverage: { start: number; end: number };
  };
  options: Record<string, unknown>;
  targets: TargetReport[];
  web: WebResult | undefined;
  goals: Goal[];
  problems: string[];
}

export interface Goal {
  target: Target | 'web';
  what: string;
  value: string;
  met: boolean;
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);
const mb = (b: number) => `${(b / 1_048_576).toFixed(0)} MB`;
const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;

/** The goals of the performance issue, checked against one run. They are reported, never fatal. */
export function goals(targets: TargetReport[], web: WebResult | undefined): Goal[] {
  const out: Goal[] = [];
  for (const t of targets) {
    const s = (key: string) => t.scenarios.find((x) => x.key === key);
    const listing = s('listing');
    if (t.target === 'postgres') {
      if (listing) {
        out.push({
          target: t.target,
          what: 'listing ≥ 0.25 of ceiling',
          value: (listing.ratio ?? 0).toFixed(2),
          met: (listing.ratio ?? 0) >= 0.25,
        });
        out.push({
          target: t.target,
          what: 'listing p99 ≤ 50 ms',
          value: `${listing.p99} ms`,
          met: listing.p99 <= 50,
        });
      }
      const detail = s('detail');
      if (detail)
        out.push({
          target: t.target,
          what: 'detail ≥ 0.4 of ceiling',
          value: (detail.ratio ?? 0).toFixed(2),
          met: (detail.ratio ?? 0) >= 0.4,
        });
      for (const key of ['suggestCommon', 'suggestNone']) {
        const x = s(key);
        if (x)
          out.push({
            target: t.target,
            what: `${x.name} p99 ≤ 20 ms`,
            value: `${x.p99} ms`,
            met: x.p99 <= 20,
          });
      }
      const checkout = s('checkout');
      if (checkout) {
        const rate = checkout.ordersPerSecond ?? 0;
        out.push({
          target: t.target,
          what: 'checkout ≥ 150 orders/s',
          value: rate.toFixed(0),
          met: rate >= 150,
        });
      }
      out.push({
        target: t.target,
        what: 'server memory ≤ 300 MB at peak',
        value: mb(t.peakMemoryBytes),
        met: t.peakMemoryBytes <= 300 * 1_048_576,
      });
    } else if (listing) {
      out.push({
        target: t.target,
        what: 'listing p99 ≤ 100 ms',
        value: `${listing.p99} ms`,
        met: listing.p99 <= 100,
      });
    }
    if (t.checkout)
      out.push({
        target: t.target,
        what: 'no oversold unit',
        value: t.checkout.oversold || t.checkout.negativeStock ? 'OVERSOLD' : 'none',
        met: !t.checkout.oversold && !t.checkout.negativeStock,
      });
  }
  if (web) {
    out.push({
      target: 'web',
      what: 'first-visit JS ≤ 150 KB gzip',
      value: kb(web.firstVisitJs),
      met: web.firstVisitJs <= 150 * 1024,
    });
    for (const l of web.lighthouse) {
      // Issue 17: the mobile preset (slow 4G, 4× CPU) has its own, lower line.
      const line = l.preset === 'mobile' ? 90 : 95;
      out.push({
        target: 'web',
        what: `Lighthouse ${l.preset} ${l.page} ≥ ${line}`,
        value: l.performance === undefined ? `n/a (${l.error ?? 'no score'})` : String(l.performance),
        met: (l.performance ?? 0) >= line,
      });
    }
    for (const g of web.phone?.grid ?? []) {
      out.push({
        target: 'web',
        what: `phone, 4× CPU, cold: ${g.page} grid visible ≤ 2.5 s`,
        value: g.medianMs === undefined ? `n/a (${g.error ?? 'no figure'})` : `${g.medianMs} ms (median of ${g.runs.length})`,
        met: g.medianMs !== undefined && g.medianMs <= 2500,
      });
    }
    for (const c of web.phone?.shifts ?? []) {
      out.push({
        target: 'web',
        what: `phone: layout shift ${c.page} ≤ 0.05`,
        value: c.cls === undefined ? `n/a (${c.error ?? 'no figure'})` : c.cls.toFixed(3),
        met: c.cls !== undefined && c.cls <= 0.05,
      });
    }
  }
  return out;
}

/** The report as the text table `npm run bench` prints. */
export function formatReport(r: Report): string {
  const lines: string[] = [];
  lines.push(
    `Benchmark ${r.date} on ${r.machine.cpus} (${r.machine.cores} cores, ${r.machine.memoryGiB} GiB), Node ${r.machine.node}${r.machine.postgres ? `, ${r.machine.postgres}` : ''}`,
  );
  // Other work on the machine skews every figure; the 1-minute load average says how much there was.
  lines.push(
    `load average ${r.machine.loadAverage.start.toFixed(1)} at start, ${r.machine.loadAverage.end.toFixed(1)} at end`,
  );
  for (const t of r.targets) {
    lines.push('');
    lines.push(
      `${t.target === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${t.products.toLocaleString('en')} products, ${t.orders.toLocaleString('en')} past orders, ` +
        `${t.workers} server process${t.workers > 1 ? 'es' : ''}; loaded in ${(t.load.products + t.load.orders + t.load.analyze).toFixed(1)} s ` +
        `(products ${t.load.products.toFixed(1)} s, orders ${t.load.orders.toFixed(1)} s, vacuum analyze ${t.load.analyze.toFixed(1)} s, pictures ${t.load.images.toFixed(1)} s)`,
    );
    lines.push(
      `${pad('scenario', 46)} ${lpad('req/s', 8)} ${lpad('p50 ms', 7)} ${lpad('p99 ms', 7)} ${lpad('× ceil', 7)} ${lpad('failed', 8)} ${lpad('cache', 6)}`,
    );
    for (const s of t.scenarios) {
      const extra = s.ordersPerSecond !== undefined ? `  (${s.ordersPerSecond.toFixed(0)} orders/s)` : '';
      lines.push(
        `${pad(s.name, 46)} ${lpad(s.requestsPerSecond.toFixed(0), 8)} ${lpad(String(s.p50), 7)} ${lpad(String(s.p99), 7)} ${lpad(s.ratio === undefined ? '1.00' : s.ratio.toFixed(2), 7)} ${lpad(String(s.non2xx + s.errors + s.mismatches), 8)} ${lpad(s.cacheHitRate === undefined ? '' : `${(s.cacheHitRate * 100).toFixed(0)} %`, 6)}${extra}`,
      );
    }
    lines.push(`peak server memory (VmHWM): ${mb(t.peakMemoryBytes)}`);
    if (t.checkout) {
      lines.push(
        `checkout stock check: ${t.checkout.ordersCounted} orders, ${t.checkout.unitsOrdered} units ordered, ${t.checkout.stockTaken} units taken from stock` +
          `${t.checkout.oversold || t.checkout.negativeStock ? ' — OVERSOLD' : ', none oversold'}`,
      );
    }
  }
  if (r.web) {
    lines.push('');
    lines.push(
      `Web: first visit to / downloads ${kb(r.web.firstVisitJs)} JS and ${kb(r.web.firstVisitCss)} CSS (gzip)`,
    );
    for (const l of r.web.lighthouse) {
      const detail =
        l.performance === undefined
          ? `no score: ${l.error}`
          : `performance ${l.performance}  (LCP ${Math.round(l.lcpMs ?? 0)} ms, TBT ${Math.round(l.tbtMs ?? 0)} ms, CLS ${(l.cls ?? 0).toFixed(3)})`;
      lines.push(`Lighthouse ${pad(l.preset, 7)} ${pad(l.page, 14)} ${pad(l.path, 20)} ${detail}`);
      if (l.lcpElement) lines.push(`  largest paint: ${l.lcpElement.slice(0, 160)}`);
    }
    for (const g of r.web.phone?.grid ?? []) {
      const runs = g.runs.map((ms) => `${ms}`).join(', ');
      lines.push(
        `Phone (390 px, 4× CPU, cold cache) ${pad(g.page, 6)} ${pad(g.path, 8)} first product card painted: ${g.medianMs === undefined ? `no figure: ${g.error}` : `median ${g.medianMs} ms (${runs})`}`,
      );
    }
    if (r.web.phone?.shifts.length) {
      lines.push(
        `Phone layout shift: ${r.web.phone.shifts.map((c) => `${c.page} ${c.cls === undefined ? 'n/a' : c.cls.toFixed(3)}`).join(', ')}`,
      );
    }
  }
  lines.push('');
  lines.push('Goals (reported, never fatal):');
  for (const g of r.goals)
    lines.push(`  ${g.met ? 'met ' : 'MISS'}  ${pad(g.target, 8)} ${pad(g.what, 52)} ${g.value}`);
  if (r.problems.length) {
    lines.push('');
    lines.push('BROKEN:');
    for (const p of r.problems) lines.push(`  ${p}`);
  }
  return lines.join('\n');
}
