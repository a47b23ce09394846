import type { Target } from './options.ts';
import type { SaleHourResult } from './sale-hour.ts';
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
  saleHour?: SaleHourResult & { workers: number; peakMemoryBytes: number; memoryByMinute: MemorySample[] };
}

/** Each server process's resident memory at the end of a minute of the sale hour. */
export interface MemorySample {
  minute: number;
  rss: { pid: number; bytes: number }[];
}

/** The soak goal's figure: the most any process grew from the end of minute 5 to the last minute, in %. */
export function rssGrowthAfterMinute5(samples: MemorySample[]): number | undefined {
  const at5 = samples.find((s) => s.minute === 5);
  const last = samples.at(-1);
  if (!at5 || !last || last.minute < 10) return undefined;
  const growth = at5.rss.map(({ pid, bytes }) => {
    const end = last.rss.find((r) => r.pid === pid)?.bytes ?? bytes;
    return ((end - bytes) / bytes) * 100;
  });
  return Math.max(...growth);
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

/** The goals of the performance issues (docs/performance.md), checked against one run. They are reported, never fatal. */
export function goals(targets: TargetReport[], web: WebResult | undefined): Goal[] {
  const out: Goal[] = [];
  const goal = (target: Goal['target'], what: string, value: string, met: boolean) =>
    out.push({ target, what, value, met });
  for (const t of targets) {
    const s = (key: string) => t.scenarios.find((x) => x.key === key);
    if (t.target === 'postgres') {
      for (const key of ['search', 'listing']) {
        const x = s(key);
        if (!x) continue;
        goal(t.target, `${key} (long tail) p99 ≤ 20 ms`, `${x.p99} ms`, x.p99 <= 20);
        goal(
          t.target,
          `${key} (long tail) ≥ 1,500 req/s`,
          x.requestsPerSecond.toFixed(0),
          x.requestsPerSecond >= 1500,
        );
      }
      const detail = s('detail');
      if (detail)
        goal(
          t.target,
          'detail ≥ 0.5 of the node:http ceiling',
          (detail.ratio ?? 0).toFixed(2),
          (detail.ratio ?? 0) >= 0.5,
        );
      for (const key of ['suggestCommon', 'suggestNone']) {
        const x = s(key);
        if (x) goal(t.target, `${x.name} p99 ≤ 20 ms`, `${x.p99} ms`, x.p99 <= 20);
      }
      const checkout = s('checkout');
      if (checkout) {
        const rate = checkout.ordersPerSecond ?? 0;
        goal(t.target, 'checkout ≥ 300 orders/s', rate.toFixed(0), rate >= 300);
      }
      // docs/product.md, Promotions: a code costs the checkout no more than a tenth of its orders.
      const offers = s('checkoutOffers');
      const coded = s('checkoutCode');
      if (offers && coded) {
        const share = (coded.ordersPerSecond ?? 0) / Math.max(offers.ordersPerSecond ?? 0, 1e-9);
        goal(t.target, 'checkout with a code ≥ 0.9 of the same checkout without', share.toFixed(2), share >= 0.9);
      }
      if (t.scenarios.length)
        goal(
          t.target,
          'server memory ≤ 250 MB at peak',
          mb(t.peakMemoryBytes),
          t.peakMemoryBytes <= 250 * 1_048_576,
        );
      const sale = t.saleHour;
      if (sale) {
        goal(
          t.target,
          'sale hour ≥ 200 orders/s sustained',
          sale.sustainedOrdersPerSecond.toFixed(0),
          sale.sustainedOrdersPerSecond >= 200,
        );
        const worst = sale.steps.reduce((a, b) => (b.p99 > a.p99 ? b : a), { step: '', p99: 0 } as {
          step: string;
          p99: number;
        });
        goal(
          t.target,
          'sale hour: every step p99 ≤ 100 ms',
          `${worst.p99} ms (${worst.step})`,
          worst.p99 <= 100,
        );
        goal(t.target, 'sale hour: no errors', String(sale.errors), sale.errors === 0);
        goal(
          t.target,
          'sale hour: nothing oversold',
          String(sale.oversoldUnits),
          sale.oversoldUnits === 0 && sale.lostUnits === 0,
        );
        goal(
          t.target,
          `sale hour: memory ≤ 250 MB (${sale.workers} processes)`,
          mb(sale.peakMemoryBytes),
          sale.peakMemoryBytes <= 250 * 1_048_576,
        );
        const growth = rssGrowthAfterMinute5(sale.memoryByMinute);
        if (growth !== undefined) goal(t.target, 'soak: RSS growth after minute 5 ≤ 10 % per process', `${growth.toFixed(1)} %`, growth <= 10);
      }
    } else {
      const listing = s('listing');
      if (listing)
        goal(t.target, 'listing (long tail) p99 ≤ 100 ms', `${listing.p99} ms`, listing.p99 <= 100);
    }
    if (t.checkout)
      goal(
        t.target,
        'no oversold unit',
        t.checkout.oversold || t.checkout.negativeStock ? 'OVERSOLD' : 'none',
        !t.checkout.oversold && !t.checkout.negativeStock,
      );
  }
  if (web) {
    goal('web', 'first-visit JS ≤ 150 KB gzip', kb(web.firstVisitJs), web.firstVisitJs <= 150 * 1024);
    for (const l of web.lighthouse) {
      // Issue 17: the mobile preset (slow 4G, 4× CPU) has its own, lower line.
      const line = l.preset === 'mobile' ? 90 : 95;
      goal(
        'web',
        `Lighthouse ${l.preset} ${l.page} ≥ ${line}`,
        l.performance === undefined ? `n/a (${l.error ?? 'no score'})` : String(l.performance),
        (l.performance ?? 0) >= line,
      );
    }
    for (const g of web.phone?.grid ?? []) {
      goal(
        'web',
        `phone, 4× CPU, cold: ${g.page} grid visible ≤ 2.5 s`,
        g.medianMs === undefined ? `n/a (${g.error ?? 'no figure'})` : `${g.medianMs} ms (median of ${g.runs.length})`,
        g.medianMs !== undefined && g.medianMs <= 2500,
      );
    }
    for (const c of web.phone?.shifts ?? []) {
      goal(
        'web',
        `phone: layout shift ${c.page} ≤ 0.05`,
        c.cls === undefined ? `n/a (${c.error ?? 'no figure'})` : c.cls.toFixed(3),
        c.cls !== undefined && c.cls <= 0.05,
      );
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
    if (t.scenarios.length) lines.push(`peak server memory (VmHWM): ${mb(t.peakMemoryBytes)}`);
    if (t.checkout) {
      lines.push(
        `checkout stock check: ${t.checkout.ordersCounted} orders, ${t.checkout.unitsOrdered} units ordered, ${t.checkout.stockTaken} units taken from stock` +
          `${t.checkout.oversold || t.checkout.negativeStock ? ' — OVERSOLD' : ', none oversold'}`,
      );
    }
    const sale = t.saleHour;
    if (sale) {
      lines.push('');
      lines.push(
        `Sale hour: ${sale.rate} shoppers/s arriving for ${(sale.seconds / 60).toFixed(1)} min (45 % browse, 35 % pay cash, 20 % pay by card; an admin twice a second), ${sale.workers} server processes`,
      );
      lines.push(
        `  ${sale.shoppers} shoppers, ${sale.turnedAway} turned away, ${sale.unfinished} cut off unfinished; orders ${sale.orders.cash} cash + ${sale.orders.card} card = ${sale.ordersPerSecond.toFixed(0)} orders/s, lowest 10 s window ${sale.sustainedOrdersPerSecond.toFixed(0)} orders/s`,
      );
      lines.push(
        `  ${pad('step', 22)} ${lpad('count', 8)} ${lpad('p50 ms', 8)} ${lpad('p99 ms', 8)} ${lpad('errors', 7)}`,
      );
      for (const x of sale.steps)
        lines.push(
          `  ${pad(x.step, 22)} ${lpad(String(x.count), 8)} ${lpad(String(x.p50), 8)} ${lpad(String(x.p99), 8)} ${lpad(String(x.errors), 7)}`,
        );
      lines.push(
        `  errors ${sale.errors}, sold out (409) ${sale.soldOut}, units ordered without stock ${sale.oversoldUnits}, stock taken for no order ${sale.lostUnits}; peak server memory ${mb(sale.peakMemoryBytes)}`,
      );
      for (const m of sale.memoryByMinute)
        lines.push(`  minute ${m.minute}: ${m.rss.map((r) => `pid ${r.pid} ${mb(r.bytes)}`).join(', ')}`);
      for (const e of sale.errorSamples) lines.push(`  error: ${e}`);
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
