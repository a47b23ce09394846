import { existsSync, readFileSync } from 'node:fs';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json): its file, what it imports, its CSS. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** What a page needs before its first paint beyond what index.html already names. */
export interface RouteAssets {
  /** Module scripts, as paths from the site's root (`/assets/home-….js`). */
  scripts: string[];
  styles: string[];
}

/**
 * Issue 17: the scripts a route's page loads, read from the build's manifest, so the served page can
 * name them in its head (`modulepreload`). Without them a phone learns of the route's code only once
 * the main script has run, and of that code's own imports one round trip later. What index.html
 * already loads is left out; an API-only run, or a route the build does not have, names nothing.
 */
export function routeAssets(manifestPath: string | undefined, route: string): RouteAssets {
  if (!manifestPath || !existsSync(manifestPath)) return { scripts: [], styles: [] };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, seen);
    return seen;
  };
  const loaded = closure('index.html');
  const needed = [...closure(route)].filter((key) => !loaded.has(key));
  return {
    scripts: needed.map((key) => `/${manifest[key]!.file}`),
    styles: needed.flatMap((key) => (manifest[key]!.css ?? []).map((file) => `/${file}`)),
  };
}
