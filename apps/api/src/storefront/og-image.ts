import type { Sharp } from 'sharp';
import { brandPictureBase, themeShades } from '@shop/shared';
import { isPictureKey, type PictureStorage } from '../storage/index.ts';
import { escapeHtml } from './head.ts';
import { PRODUCT_IMAGE_SIZE, SHOP_IMAGE, shopImageKey, type Site } from './page-heads.ts';

// WhatsApp leaves out a preview picture larger than this.
export const MAX_PREVIEW_BYTES = 300 * 1024;
const QUALITIES = [82, 72, 60, 48];

// Not every link preview reads WebP, and a 1.91:1 preview would crop a portrait (decision 019).
export async function previewJpeg(storage: PictureStorage, base: string): Promise<Buffer | undefined> {
  if (!isPictureKey(`${base}.webp`)) return undefined;
  const stored = `og/${base}.jpg`;
  const made = await storage.get(stored);
  if (made) return made;
  const source = (await storage.get(`${base}-800.webp`)) ?? (await storage.get(`${base}.webp`));
  if (!source) return undefined;
  const { default: sharp } = await import('sharp');
  const { width, height } = PRODUCT_IMAGE_SIZE;
  const [ground, figure] = await Promise.all([
    sharp(source).resize(width, height, { fit: 'cover' }).blur(30).modulate({ brightness: 0.55 }).toBuffer(),
    sharp(source)
      .resize(width - 80, height - 40, { fit: 'inside' })
      .toBuffer(),
  ]);
  const jpeg = await smallJpeg(sharp(ground).composite([{ input: figure, gravity: 'centre' }]));
  await storage.put(stored, jpeg, 'image/jpeg');
  return jpeg;
}

async function smallJpeg(canvas: Sharp): Promise<Buffer> {
  let jpeg = Buffer.alloc(0);
  for (const quality of QUALITIES) {
    jpeg = await canvas.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= MAX_PREVIEW_BYTES) break;
  }
  return jpeg;
}

/**
 * The shop's own link preview for a shop with its own brand, as apps/web/public/og-image.jpg is the demo's:
 * the name and tagline on the brand colour, with the logo when there is one. Drawn once per brand.
 */
export async function shopPreviewJpeg(
  storage: PictureStorage,
  site: Site,
  base: string,
): Promise<Buffer | undefined> {
  if (base !== shopImageKey(site.brand)) return undefined;
  const stored = `og/${base}.jpg`;
  const made = await storage.get(stored);
  if (made) return made;
  const { default: sharp } = await import('sharp');
  const { width, height } = SHOP_IMAGE;
  const { shopName, tagline, brandColor, logo } = site.brand;
  const shades = themeShades(brandColor);
  const logoPng = logo ? await storage.get(`${brandPictureBase(logo)}.png`) : undefined;
  const logoHeight = 180;
  const textX = logoPng ? 120 : width / 2;
  const anchor = logoPng ? 'start' : 'middle';
  // A serif capital is about 0.55 of its size wide: the longest name (80 characters) still fits the width.
  const room = logoPng ? width - 240 : width - 120;
  const nameSize = Math.min(88, Math.floor(room / (0.55 * shopName.length)));
  const taglineSize = Math.min(36, Math.floor(room / (0.5 * Math.max(tagline.length, 1))));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><radialGradient id="g" cx="35%" cy="30%" r="90%"><stop offset="0" stop-color="${shades.light}"/><stop offset=".5" stop-color="${shades.base}"/><stop offset="1" stop-color="${shades.dark}"/></radialGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect y="28" width="100%" height="6" fill="#e0a526" opacity=".8"/><rect y="${height - 34}" width="100%" height="6" fill="#e0a526" opacity=".8"/>
  <text x="${textX}" y="${logoPng ? 420 : 320}" text-anchor="${anchor}" font-family="Playfair Display, DejaVu Serif, serif" font-weight="700" font-size="${nameSize}" fill="#fbf7f0">${escapeHtml(shopName)}</text>
  ${tagline ? `<text x="${textX}" y="${logoPng ? 485 : 390}" text-anchor="${anchor}" font-family="Playfair Display, DejaVu Serif, serif" font-style="italic" font-size="${taglineSize}" fill="#f5d88a">${escapeHtml(tagline)}</text>` : ''}
</svg>`;
  const layers = logoPng
    ? [
        {
          input: await sharp(logoPng)
            .resize({ height: logoHeight, width: width - 240, fit: 'inside' })
            .toBuffer(),
          top: 110,
          left: 120,
        },
      ]
    : [];
  const jpeg = await smallJpeg(sharp(Buffer.from(svg)).composite(layers));
  await storage.put(stored, jpeg, 'image/jpeg');
  return jpeg;
}
