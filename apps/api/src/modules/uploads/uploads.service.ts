import { createHash } from 'node:crypto';
import type { Sharp } from 'sharp';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { WEBP as WEBP_TYPE, type PictureStorage } from '../../storage/index.ts';

const MAX_IMAGE_WIDTH = 1200;
export const RESPONSIVE_WIDTHS = [400, 800] as const;
// A 10 MB file may still claim gigapixels.
const MAX_INPUT_PIXELS = 50_000_000;
const WEBP = { quality: 80, effort: 4 } as const;
// Not SVG: a document that may reference other files.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

interface StoredImage {
  name: string;
  width: number;
  height: number;
}

interface EncodedImage {
  main: Buffer;
  variants: Buffer[];
  width: number;
  height: number;
}

async function encodeImage(image: Sharp, effort: number = WEBP.effort): Promise<EncodedImage> {
  const webp = { ...WEBP, effort };
  const main = await image.clone().resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true }).webp(webp).toBuffer({ resolveWithObject: true });
  const variants = await Promise.all(
    RESPONSIVE_WIDTHS.map(async (w) => (w >= main.info.width ? main.data : await image.clone().resize({ width: w }).webp(webp).toBuffer())),
  );
  return { main: main.data, variants, width: main.info.width, height: main.info.height };
}

async function storeEncoded(storage: PictureStorage, encoded: EncodedImage, name?: string): Promise<StoredImage> {
  const base = name ?? createHash('sha256').update(encoded.main).digest('hex');
  await Promise.all([
    storage.put(`${base}.webp`, encoded.main, WEBP_TYPE),
    ...RESPONSIVE_WIDTHS.map((w, i) => storage.put(`${base}-${w}.webp`, encoded.variants[i]!, WEBP_TYPE)),
  ]);
  return { name: base, width: encoded.width, height: encoded.height };
}

export async function storeImage(storage: PictureStorage, image: Sharp, opts: { name?: string; effort?: number } = {}): Promise<StoredImage> {
  return storeEncoded(storage, await encodeImage(image, opts.effort), opts.name);
}

interface UploadReply {
  secure_url: string;
  url: string;
  width: number;
  height: number;
}

/** docs/security.md, Uploads: the bytes must decode as a raster image whatever the name or type says. */
export async function saveUpload(storage: PictureStorage, bytes: Buffer): Promise<UploadReply> {
  // Loaded at the first upload: libvips costs ~20 MB a server that never receives one need not hold.
  const { default: sharp } = await import('sharp');
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  let encoded: EncodedImage;
  try {
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw badRequest('File is not a valid image');
    encoded = await encodeImage(image.rotate());
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw badRequest('Image dimensions are too large');
    throw badRequest('File is not a valid image');
  }
  // Outside the decoding's try: a storage failure (disk, bucket) is the server's, not the file's.
  return toReply(await storeEncoded(storage, encoded));
}

function toReply(stored: StoredImage): UploadReply {
  const url = `/uploads/${stored.name}.webp`;
  return { secure_url: url, url, width: stored.width, height: stored.height };
}
