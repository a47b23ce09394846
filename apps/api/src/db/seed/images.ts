import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESPONSIVE_WIDTHS, storeImage } from '../../modules/uploads/uploads.service.ts';
import { createLocalStorage, eachLimited, WEBP, type PictureStorage } from '../../storage/index.ts';
import { CATALOGUE_DIR, DESIGN_POOL, designFor, imageName } from './catalogue.ts';
import { TEXTILE_VIEWS, textileSvg } from './textile.ts';

/** libuv's default thread pool is 4; sharp work queues there, so more in flight gains nothing. */
const IN_FLIGHT = 4;
const WEBP_EFFORT = 1;
const SUFFIXES = ['', ...RESPONSIVE_WIDTHS.map((w) => `-${w}`)].map((s) => `${s}.webp`);

// Keyed by the SHA-256 of the SVG and encoder, so never stale; drawing costs seconds, a copy milliseconds.
const DEFAULT_IMAGE_CACHE = join(tmpdir(), 'saree-shop-catalogue-cache');

async function draw(svg: string, storage: PictureStorage, name: string): Promise<void> {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  await storeImage(storage, sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }), { name, effort: WEBP_EFFORT });
}

interface RenderOptions {
  /** null draws every picture afresh. */
  cacheDir?: string | null;
}

/** Pictures already stored are kept: a name carries the seed and a drawing version. */
export async function renderCatalogueImages(target: PictureStorage | string, seed: number, designs = DESIGN_POOL, opts: RenderOptions = {}): Promise<void> {
  // Loaded here, not at start: a server that seeds nothing never needs libvips in memory.
  const { default: sharp } = await import('sharp');
  const storage = typeof target === 'string' ? createLocalStorage(target) : target;
  const cacheDir = opts.cacheDir === undefined ? DEFAULT_IMAGE_CACHE : opts.cacheDir;
  const cache = cacheDir ? createLocalStorage(cacheDir) : undefined;
  // One listing, not a request per file to a bucket.
  const stored = new Set(await storage.list(`${CATALOGUE_DIR}/`));
  const jobs = Array.from({ length: designs }, (_, d) => TEXTILE_VIEWS.map((view) => ({ d, view, name: `${CATALOGUE_DIR}/${imageName(seed, d, view)}` })))
    .flat()
    .filter(({ name }) => !SUFFIXES.every((s) => stored.has(name + s)));
  await eachLimited(jobs, IN_FLIGHT, async ({ d, view, name }) => {
    const svg = textileSvg(designFor(seed, d).textile, view);
    if (!cache) return draw(svg, storage, name);
    const key = createHash('sha256').update(`${sharp.versions.vips}|webp effort ${WEBP_EFFORT}|${svg}`).digest('hex');
    if (!(await Promise.all(SUFFIXES.map((s) => cache.exists(key + s)))).every(Boolean)) await draw(svg, cache, key);
    await Promise.all(SUFFIXES.map(async (s) => storage.put(name + s, (await cache.get(key + s))!, WEBP)));
  });
}
