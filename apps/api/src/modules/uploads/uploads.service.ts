import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sharp } from 'sharp';
import { badRequest, HttpError } from '../../lib/errors.ts';

/** The widest stored picture; smaller copies for srcset are `<name>-400.webp` and `<name>-800.webp`. */
export const MAX_IMAGE_WIDTH = 1200;
export const RESPONSIVE_WIDTHS = [400, 800] as const;
/** A decompression bomb guard: a 10 MB file may still claim gigapixels. */
export const MAX_INPUT_PIXELS = 50_000_000;
const WEBP = { quality: 80, effort: 4 } as const;
/** Raster formats accepted from uploads. SVG is refused: it is a document that may reference other files. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface StoredImage {
  name: string;
  width: number;
  height: number;
}

/** Writes a file atomically (temp + rename) unless it exists: names are content-addressed or versioned. */
async function writeOnce(path: string, data: Buffer): Promise<void> {
  if (existsSync(path)) return;
  const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/**
 * Encodes an image to WebP at most MAX_IMAGE_WIDTH wide plus the responsive widths (never enlarged:
 * a narrower picture's larger copies are the picture itself) and stores them in `dir`. The name is
 * the SHA-256 of the main file unless given. Metadata is not copied (sharp drops it by default).
 * `effort` trades encoding time for size (0–6): bulk-drawn pictures use less.
 */
export async function storeImage(dir: string, image: Sharp, opts: { name?: string; effort?: number } = {}): Promise<StoredImage> {
  const webp = { ...WEBP, effort: opts.effort ?? WEBP.effort };
  const main = await image.clone().resize({ width: MAX_IMAGE_WIDTH, withoutEnlargement: true }).webp(webp).toBuffer({ resolveWithObject: true });
  const base = opts.name ?? createHash('sha256').update(main.data).digest('hex');
  const variants = await Promise.all(
    RESPONSIVE_WIDTHS.map(async (w) => (w >= main.info.width ? main.data : await image.clone().resize({ width: w }).webp(webp).toBuffer())),
  );
  await mkdir(dir, { recursive: true });
  await writeOnce(join(dir, `${base}.webp`), main.data);
  await Promise.all(RESPONSIVE_WIDTHS.map((w, i) => writeOnce(join(dir, `${base}-${w}.webp`), variants[i]!)));
  return { name: base, width: main.info.width, height: main.info.height };
}

export interface UploadReply {
  secure_url: string;
  url: string;
  width: number;
  height: number;
}

/**
 * DESIGN §3 Images: the bytes must decode as a raster image whatever the file's name or type says;
 * it is turned upright, stripped of metadata, re-encoded to WebP and stored by content hash.
 */
export async function saveUpload(uploadsDir: string, bytes: Buffer): Promise<UploadReply> {
  // Loaded at the first upload: libvips costs ~20 MB a server that never receives one need not hold.
  const { default: sharp } = await import('sharp');
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  try {
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw badRequest('File is not a valid image');
    return toReply(await storeImage(uploadsDir, image.rotate()));
  } catch (err) {
    // File system errors carry a code and are the server's fault; the rest come from decoding.
    if (err instanceof HttpError || (err instanceof Error && 'code' in err)) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw badRequest('Image dimensions are too large');
    // Also a header that parses over a body that does not (truncated, corrupt).
    throw badRequest('File is not a valid image');
  }
}

function toReply(stored: StoredImage): UploadReply {
  const url = `/uploads/${stored.name}.webp`;
  return { secure_url: url, url, width: stored.width, height: stored.height };
}
