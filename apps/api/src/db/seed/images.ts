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
/** `<name>.webp`, `<name>-400.webp`, `<name>-800.webp`. */
const SUFFIXES = ['', ...RESPONSIVE_WIDTHS.map((w) => `-${w}`)].map((s) => `${s}.webp`);

/**
 * Drawn pictures keyed by the SHA-256 of their SVG and encoder, shared by every seeding on this
 * machine (tests, e2e servers, fresh dev folders): drawing 240 pictures costs seconds of CPU, a
 * copy costs milliseconds. A change to the drawing changes the SVG and so the key: never stale.
 */
const DEFAULT_IMAGE_CACHE = join(tmpdir(), 'saree-shop-catalogue-cache');

/** Rasterises once; every stored size is cut from these pixels. */
async function draw(svg: string, storage: PictureStorage, name: string): Promise<void> {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  await storeImage(storage, sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }), { name, effort: WEBP_EFFORT });
}

interface RenderOptions {
  /** Folder of already drawn pictures; null draws every picture afresh. */
  cacheDir?: string | null;
}

/**
 * Draws the catalogue's pictures (designs 0…designs-1, four views each) into `catalogue/` of the
 * picture storage (a folder path stands for the local driver on it) as WebP with their responsive
 * copies. Pictures already there are kept: names carry the seed and a drawing version, so the same
 * name is always the same picture.
 */
export async function renderCatalogueImages(target: PictureStorage | string, seed: number, designs = DESIGN_POOL, opts: RenderOptions = {}): Promise<void> {
  // Loaded here, not at start: a server that seeds nothing never needs libvips in memory.
  const { default: sharp } = await import('sharp');
  const storage = typeof target === 'string' ? createLocalStorage(target) : target;
  const cacheDir = opts.cacheDir === undefined ? DEFAULT_IMAGE_CACHE : opts.cacheDir;
  const cache = cacheDir ? createLocalStorage(cacheDir) : undefined;
  // One listing, not a question per file: against a bucket that is one request instead of 720.
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
