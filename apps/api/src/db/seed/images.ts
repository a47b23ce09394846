import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RESPONSIVE_WIDTHS, storeImage } from '../../modules/uploads/uploads.service.ts';
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
export const DEFAULT_IMAGE_CACHE = join(tmpdir(), 'saree-shop-catalogue-cache');

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Rasterises once; every stored size is cut from these pixels. */
async function draw(svg: string, dir: string, name: string): Promise<void> {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  await storeImage(dir, sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }), { name, effort: WEBP_EFFORT });
}

async function copyAtomic(from: string, to: string): Promise<void> {
  const tmp = `${to}.${randomBytes(6).toString('hex')}.tmp`;
  await copyFile(from, tmp);
  await rename(tmp, to);
}

export interface RenderOptions {
  /** Folder of already drawn pictures; null draws every picture afresh. */
  cacheDir?: string | null;
}

/**
 * Draws the catalogue's pictures (designs 0…designs-1, four views each) into uploadsDir/catalogue
 * as WebP with their responsive copies. Pictures already there are kept: names carry the seed and
 * a drawing version, so the same name is always the same picture.
 */
export async function renderCatalogueImages(uploadsDir: string, seed: number, designs = DESIGN_POOL, opts: RenderOptions = {}): Promise<void> {
  // Loaded here, not at start: a server that seeds nothing never needs libvips in memory.
  const { default: sharp } = await import('sharp');
  const cacheDir = opts.cacheDir === undefined ? DEFAULT_IMAGE_CACHE : opts.cacheDir;
  const dir = join(uploadsDir, CATALOGUE_DIR);
  await mkdir(dir, { recursive: true });
  const jobs = Array.from({ length: designs }, (_, d) => TEXTILE_VIEWS.map((view) => ({ d, view, name: imageName(seed, d, view) })))
    .flat()
    .filter(({ name }) => !SUFFIXES.every((s) => existsSync(join(dir, name + s))));
  await eachLimited(jobs, IN_FLIGHT, async ({ d, view, name }) => {
    const svg = textileSvg(designFor(seed, d).textile, view);
    if (!cacheDir) return draw(svg, dir, name);
    const key = createHash('sha256').update(`${sharp.versions.vips}|webp effort ${WEBP_EFFORT}|${svg}`).digest('hex');
    if (!SUFFIXES.every((s) => existsSync(join(cacheDir, key + s)))) await draw(svg, cacheDir, key);
    await Promise.all(SUFFIXES.map((s) => copyAtomic(join(cacheDir, key + s), join(dir, name + s))));
  });
}
