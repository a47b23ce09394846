import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../src/env.ts';

export interface WebResult {
  /** Gzip bytes of the JS and CSS a first visit to / downloads. */
  firstVisitJs: number;
  firstVisitCss: number;
  lighthouse: {
    /** The element Lighthouse saw as the largest paint, for whoever tunes the page. */
    lcpElement?: string | undefined;
    page: string;
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
 * Lighthouse performance (desktop preset) of pages served by the production server. A signed-in
 * page (the product page, SPEC §2) is loaded with the shopper's session cookie.
 */
export async function lighthouseScores(
  pages: { page: string; url: string; cookie?: string }[],
): Promise<WebResult['lighthouse']> {
  if (!existsSync(CHROMIUM))
    return pages.map((p) => ({
      page: p.page,
      path: new URL(p.url).pathname,
      performance: undefined,
      error: `no Chromium at ${CHROMIUM}`,
    }));
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const out: WebResult['lighthouse'] = [];
  for (const p of pages) {
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
        desktopConfig,
      );
      const lhr = result?.lhr;
      const score = lhr?.categories.performance?.score;
      const audit = (id: string) => lhr?.audits[id]?.numericValue;
      out.push({
        page: p.page,
        path: new URL(lhr?.finalDisplayedUrl ?? p.url).pathname,
        performance: score === null || score === undefined ? undefined : Math.round(score * 100),
        lcpMs: audit('largest-contentful-paint'),
        tbtMs: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
        lcpElement: lcpElement(lhr?.audits['largest-contentful-paint-element']?.details),
        ...(lhr?.runtimeError ? { error: lhr.runtimeError.message } : {}),
      });
    } catch (err) {
      out.push({
        page: p.page,
        path: new URL(p.url).pathname,
        performance: undefined,
        error: (err as Error).message,
      });
    } finally {
      chrome.kill();
      rmSync(profile, { recursive: true, force: true });
    }
  }
  return out;
}
