import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { storeImage } from '../../modules/uploads/uploads.service.ts';
import { CATALOGUE_DIR, DESIGN_POOL, designFor, imageName } from './catalogue.ts';
import { TEXTILE_VIEWS, textileSvg } from './textile.ts';

/** libuv's default thread pool is 4; sharp work queues there, so more in flight gains nothing. */
const IN_FLIGHT = 4;

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Draws the catalogue's pictures (designs 0…designs-1, four views each) into uploadsDir/catalogue
 * as WebP with their responsive copies. Pictures already there are kept: names carry the seed and
 * a drawing version, so the same name is always the same picture.
 */
export async function renderCatalogueImages(uploadsDir: string, seed: number, designs = DESIGN_POOL): Promise<void> {
  const dir = join(uploadsDir, CATALOGUE_DIR);
  const jobs = Array.from({ length: designs }, (_, d) => TEXTILE_VIEWS.map((view) => ({ d, view })))
    .flat()
    .filter(({ d, view }) => !existsSync(join(dir, `${imageName(seed, d, view)}.webp`)));
  await eachLimited(jobs, IN_FLIGHT, async ({ d, view }) => {
    const svg = textileSvg(designFor(seed, d).textile, view);
    // Rasterise once; the stored sizes are all cut from these pixels.
    const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    await storeImage(dir, sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } }), {
      name: imageName(seed, d, view),
      effort: 1,
    });
  });
}
