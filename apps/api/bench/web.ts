import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { repoRoot } from '../src/env.ts';
import type { launch as Launch } from 'chrome-launcher';
import type { default as Lighthouse, desktopConfig as DesktopConfig } from 'lighthouse';

export interface WebResult {
  /** Gzip bytes of the JS and CSS a first visit to / downloads. */
  firstVisitJs: number;
  firstVisitCss: number;
  /** Issue 17's phone figures: the grid's first card at 4× CPU slowdown, cold; layout shift per page. */
  phone?: { grid: GridTiming[]; shifts: LayoutShift[] };
  lighthouse: {
    /** The element Lighthouse saw as the largest paint, for whoever tunes the page. */
    lcpElement?: string | undefined;
    page: string;
    /** Lighthouse's preset: desktop, or mobile (a mid-range phone on slow 4G at 4× CPU slowdown). */
    preset: 'desktop' | 'mobile';
    path: string;
    performance: number | undefined;
    lcpMs?: number;
    tbtMs?: number;
    cls?: number;
    error?: string;
  }[];
}

interface SizeModule {
  firstVisitSize(): { js: number; css: number };
}
interface BuildModule {
  buildWebIfStale(opts?: { quiet?: boolean }): boolean;
}

const CHROMIUM = '/usr/bin/chromium';
/** Debian's Chromium in a closed network: no background calls home, no sandbox as root, no GPU. */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The snippet of the LCP element from Lighthouse's audit details (a list holding a table of nodes). */
function lcpElement(details: unknown): string | undefined {
  const find = (v: unknown): string | undefined => {
    if (!v || typeof v !== 'object') return undefined;
    const o = v as Record<string, unknown>;
    const node = o.node as { snippet?: string } | undefined;
    if (node?.snippet) return node.snippet;
    for (const child of Object.values(o)) {
      const hit = Array.isArray(child) ? child.map(find).find(Boolean) : find(child);
      if (hit) return hit;
    }
    return undefined;
  };
  return find(details);
}

const importScript = async <T>(path: string) =>
  (await import(pathToFileURL(join(repoRoot(), path)).href)) as T;

/** Builds the web app when its bundle is stale (the same step `npm start` and `npm run size` take). */
export async function ensureWebBuilt(): Promise<boolean> {
  const { buildWebIfStale } = await importScript<BuildModule>('scripts/lib/build-web.mjs');
  try {
    buildWebIfStale({ quiet: true });
    return existsSync(join(repoRoot(), 'apps/web/dist/index.html'));
  } catch {
    return false;
  }
}

/** `npm run size`'s figures, from the built bundle's manifest. */
export async function firstVisit(): Promise<{ js: number; css: number }> {
  const { firstVisitSize } = await importScript<SizeModule>('scripts/size.mjs');
  return firstVisitSize();
}

/**
 * Lighthouse performance (desktop or mobile preset) of pages served by the production server. A
 * signed-in page (the product page, docs/product.md, Routes) is loaded with the shopper's session cookie.
 */
export async function lighthouseScores(
  pages: { page: string; url: string; cookie?: string; preset: 'desktop' | 'mobile' }[],
): Promise<WebResult['lighthouse']> {
  if (!existsSync(CHROMIUM))
    return pages.map((p) => ({
      page: p.page,
      preset: p.preset,
      path: new URL(p.url).pathname,
      performance: undefined,
      error: `no Chromium at ${CHROMIUM}`,
    }));
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const out: WebResult['lighthouse'] = [];
  for (const p of pages) {
    const first = await lighthouseOnce(p, lighthouse, desktopConfig, launch);
    // Lighthouse sometimes loses a page load's trace ("NO_NAVSTART … Please run Lighthouse again"): we do, once.
    out.push(first.error ? await lighthouseOnce(p, lighthouse, desktopConfig, launch) : first);
  }
  return out;
}

async function lighthouseOnce(
  p: { page: string; url: string; cookie?: string; preset: 'desktop' | 'mobile' },
  lighthouse: typeof Lighthouse,
  desktopConfig: typeof DesktopConfig,
  launch: typeof Launch,
): Promise<WebResult['lighthouse'][number]> {
  const profile = mkdtempSync(join(tmpdir(), 'shop-bench-chromium-'));
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    userDataDir: profile,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(
      p.url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        extraHeaders: p.cookie ? { Cookie: p.cookie } : null,
      },
      // Lighthouse's default configuration is its mobile preset.
      p.preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    const score = lhr?.categories.performance?.score;
    const audit = (id: string) => lhr?.audits[id]?.numericValue;
    return {
      page: p.page,
      preset: p.preset,
      path: new URL(lhr?.finalDisplayedUrl ?? p.url).pathname,
      performance: score === null || score === undefined ? undefined : Math.round(score * 100),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      lcpElement: lcpElement(lhr?.audits['largest-contentful-paint-element']?.details),
      ...(lhr?.runtimeError ? { error: lhr.runtimeError.message } : {}),
    };
  } catch (err) {
    return {
      page: p.page,
      preset: p.preset,
      path: new URL(p.url).pathname,
      performance: undefined,
      error: (err as Error).message,
    };
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** A phone as the phone figures see it: 390 × 844 CSS px at 3×, touch, a mobile user agent. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};
/** Chrome DevTools' "4× slowdown", the figure issue 17 is measured at. */
export const CPU_SLOWDOWN = 4;

export interface PhonePage {
  page: string;
  url: string;
  /** `name=value` of a session cookie, for the signed-in pages. */
  cookie?: string;
}

export interface GridTiming {
  page: string;
  path: string;
  /** Milliseconds from navigation start to the first product card painted, per run. */
  runs: number[];
  medianMs: number | undefined;
  error?: string;
}

export interface LayoutShift {
  page: string;
  path: string;
  /** Cumulative layout shift as Core Web Vitals counts it: the worst session window. */
  cls: number | undefined;
  error?: string;
}

export const median = (xs: number[]): number | undefined => {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1]! + s[m]!) / 2;
};

/**
 * Runs in the page before any of its scripts: notes when the first product card is painted (the
 * frame after it enters the DOM) and adds up layout shifts into Core Web Vitals' session windows
 * (shifts less than 1 s apart, at most 5 s long; input-driven shifts excluded).
 */
const PAGE_PROBE = `(() => {
  const w = window;
  w.__firstCard = undefined;
  w.__cls = 0;
  let session = 0, first = 0, last = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      if (session && e.startTime - last < 1000 && e.startTime - first < 5000) session += e.value;
      else { session = e.value; first = e.startTime; }
      last = e.startTime;
      w.__cls = Math.max(w.__cls, session);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const seen = () => document.querySelector('ul[aria-label="Products"] > li');
  const mo = new MutationObserver(() => {
    if (w.__firstCard !== undefined || !seen()) return;
    mo.disconnect();
    requestAnimationFrame(() => setTimeout(() => { w.__firstCard = performance.now(); }, 0));
  });
  mo.observe(document, { childList: true, subtree: true });
})();`;


async function withPhone<T>(
  cookie: string | undefined,
  origin: string,
  run: (page: Page) => Promise<T>,
  browser: Browser,
): Promise<T> {
  const context = await browser.newContext(PHONE);
  try {
    if (cookie) {
      const [name, ...rest] = cookie.split(';')[0]!.split('=');
      await context.addCookies([{ name: name!, value: rest.join('='), url: origin }]);
    }
    const page = await context.newPage();
    await page.addInitScript(PAGE_PROBE);
    const cdp = await context.newCDPSession(page);
    // A cold cache on every load, and the CPU of a mid-range phone.
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    return await run(page);
  } finally {
    await context.close();
  }
}

async function launchChromium(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.filter((f) => f !== '--headless=new') });
}

/**
 * Issue 17's phone figure: on a cold cache at 4× CPU slowdown, the time from navigation start until
 * the first product card is painted, `runs` loads of each page (the median is the figure).
 */
export async function gridTimings(pages: PhonePage[], runs = 5): Promise<GridTiming[]> {
  if (!existsSync(CHROMIUM))
    return pages.map((p) => ({ page: p.page, path: new URL(p.url).pathname, runs: [], medianMs: undefined, error: `no Chromium at ${CHROMIUM}` }));
  const browser = await launchChromium();
  const out: GridTiming[] = [];
  try {
    for (const p of pages) {
      const times: number[] = [];
      let error: string | undefined;
      for (let i = 0; i < runs && !error; i++) {
        try {
          times.push(
            await withPhone(p.cookie, new URL(p.url).origin, async (page) => {
              await page.goto(p.url);
              // A function, not a string: the shop's CSP forbids eval, which a string predicate needs.
              type Probe = { __firstCard?: number };
              await page.waitForFunction(() => (globalThis as unknown as Probe).__firstCard !== undefined, null, { timeout: 60_000 });
              return Math.round(await page.evaluate(() => (globalThis as unknown as Probe).__firstCard ?? NaN));
            }, browser),
          );
        } catch (err) {
          error = (err as Error).message.split('\n')[0];
        }
      }
      out.push({ page: p.page, path: new URL(p.url).pathname, runs: times, medianMs: median(times), ...(error ? { error } : {}) });
    }
  } finally {
    await browser.close();
  }
  return out;
}

/**
 * Layout shift of each page loaded on the phone (cold cache, 4× slowdown): the page is watched until
 * the network has been idle for half a second and two seconds more have passed with nothing to fetch,
 * long enough for late pictures, fonts and data to move things; the worst session window is kept.
 */
export async function layoutShifts(pages: PhonePage[]): Promise<LayoutShift[]> {
  if (!existsSync(CHROMIUM))
    return pages.map((p) => ({ page: p.page, path: new URL(p.url).pathname, cls: undefined, error: `no Chromium at ${CHROMIUM}` }));
  const browser = await launchChromium();
  const out: LayoutShift[] = [];
  try {
    for (const p of pages) {
      try {
        const r = await withPhone(p.cookie, new URL(p.url).origin, async (page) => {
          await page.goto(p.url, { waitUntil: 'networkidle', timeout: 60_000 });
          // Layout shift has no end event: a fixed quiet spell after the last request is the window.
          await page.waitForTimeout(2000);
          return {
            path: new URL(page.url()).pathname,
            cls: await page.evaluate<number>('window.__cls'),
          };
        }, browser);
        out.push({ page: p.page, path: r.path, cls: Math.round(r.cls * 1000) / 1000 });
      } catch (err) {
        out.push({ page: p.page, path: new URL(p.url).pathname, cls: undefined, error: (err as Error).message.split('\n')[0] });
      }
    }
  } finally {
    await browser.close();
  }
  return out;
}
