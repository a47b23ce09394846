import { existsSync, readFileSync } from 'node:fs';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface RouteAssets {
  scripts: string[];
  styles: string[];
}

// Without these in the head, a phone finds a route's code only after the main script has run.
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
