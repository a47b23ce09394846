import { createHash } from 'node:crypto';
import type sharpFactory from 'sharp';
import type { Sharp } from 'sharp';
import { BRAND_ICON_SIZES, brandPictureBase, MAX_BRAND_PICTURE_BYTES } from '@shop/shared';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { WEBP, type PictureStorage } from '../../storage/index.ts';

// The top bar shows the logo 36–40 px high: 256 keeps it sharp on a 3× phone screen and in a mail.
const MAX_HEIGHT = 256;
const MAX_WIDTH = 1024;
const MAX_INPUT_PIXELS = 25_000_000;
const ACCEPTED = new Set(['svg', 'png', 'webp']);
const PNG = 'image/png';

/**
 * docs/security.md, Uploads. An SVG is a document: it may carry scripts, entities that expand to
 * gigabytes, or references to other files. One with a DOCTYPE, an entity or a reference outside itself
 * is refused, and every accepted one is drawn into pixels here, so no SVG is ever served back.
 */
function svgProblem(text: string): string | undefined {
  if (/<!DOCTYPE|<!ENTITY/i.test(text))
    return 'An SVG with a DOCTYPE or entities is not accepted: export it again as plain SVG or PNG';
  if (
    /(?:href|src)\s*=\s*["']\s*(?!#|data:image\/(?:png|jpeg|webp);)/i.test(text) ||
    /url\(\s*["']?\s*(?!#)/i.test(text)
  ) {
    return 'An SVG that loads other files is not accepted: export it with everything inside, or as PNG';
  }
  return undefined;
}

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<');
}

type SharpFactory = typeof sharpFactory;

async function open(sharp: SharpFactory, bytes: Buffer): Promise<Sharp> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const, animated: false };
  if (!looksLikeSvg(bytes)) return sharp(bytes, options);
  const problem = svgProblem(bytes.toString('utf8'));
  if (problem) throw badRequest(problem);
  // Drawn at a density that makes even a 32-unit icon 512 px tall, so it is never upscaled blurry.
  const meta = await sharp(bytes, options).metadata();
  const size = Math.max(meta.width ?? 0, meta.height ?? 0, 1);
  const density = Math.min(2400, Math.max(72, Math.ceil((72 * 512) / size)));
  return sharp(bytes, { ...options, density });
}

export interface BrandPictureReply {
  url: string;
  width: number;
  height: number;
}

/** Stores a logo or favicon: WebP for the pages, PNG for mails and PDFs, and square icons in every size asked for. */
export async function saveBrandPicture(storage: PictureStorage, bytes: Buffer): Promise<BrandPictureReply> {
  if (bytes.length > MAX_BRAND_PICTURE_BYTES) throw new HttpError(413, 'The picture is larger than 2 MB');
  let files: { suffix: string; bytes: Buffer; type: string }[];
  let width: number;
  let height: number;
  // Loaded at the first upload: libvips costs ~20 MB a server that never receives one need not hold.
  const { default: sharp } = await import('sharp');
  try {
    const image = await open(sharp, bytes);
    const meta = await image.metadata();
    if (!meta.format || !ACCEPTED.has(meta.format))
      throw badRequest('Upload the logo as an SVG, PNG or WebP picture');
    const fitted = image
      .rotate()
      .resize({
        width: MAX_WIDTH,
        height: MAX_HEIGHT,
        fit: 'inside',
        withoutEnlargement: meta.format !== 'svg',
      });
    const png = await fitted.clone().png({ compressionLevel: 9 }).toBuffer({ resolveWithObject: true });
    ({ width, height } = png.info);
    const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
    const icons = await Promise.all(
      BRAND_ICON_SIZES.map(async (size) => {
        // iOS paints a transparent home-screen icon's background black: that one sits on white.
        const background = size === 180 ? { r: 255, g: 255, b: 255, alpha: 1 } : transparent;
        const padding = size === 180 ? Math.round(size * 0.1) : 0;
        const inner = await image
          .clone()
          .resize(size - 2 * padding, size - 2 * padding, { fit: 'contain', background: transparent })
          .png()
          .toBuffer();
        const icon = await sharp({ create: { width: size, height: size, channels: 4, background } })
          .composite([{ input: inner, gravity: 'centre' }])
          .png({ compressionLevel: 9 })
          .toBuffer();
        return { suffix: `-icon-${size}.png`, bytes: icon, type: PNG };
      }),
    );
    files = [
      {
        suffix: '.webp',
        bytes: await fitted.clone().webp({ quality: 90, alphaQuality: 100 }).toBuffer(),
        type: WEBP,
      },
      { suffix: '.png', bytes: png.data, type: PNG },
      ...icons,
    ];
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw badRequest('The picture’s dimensions are too large');
    throw badRequest('Upload the logo as an SVG, PNG or WebP picture');
  }
  const base = `brand/${createHash('sha256').update(files[1]!.bytes).digest('hex').slice(0, 32)}-${width}x${height}`;
  // Outside the decoding's try: a storage failure (disk, bucket) is the server's, not the file's.
  await Promise.all(files.map((f) => storage.put(`${base}${f.suffix}`, f.bytes, f.type)));
  return { url: `/uploads/${base}.webp`, width, height };
}

/** A logo or favicon named in a settings body must be one this server stored. */
export async function brandPictureStored(storage: PictureStorage, url: string): Promise<boolean> {
  return url.startsWith('/uploads/brand/') && storage.exists(`${brandPictureBase(url)}.png`);
}
