import { isPictureKey, type PictureStorage } from '../storage/index.ts';
import { PRODUCT_IMAGE_SIZE } from './page-heads.ts';

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
    sharp(source).resize(width - 80, height - 40, { fit: 'inside' }).toBuffer(),
  ]);
  const canvas = sharp(ground).composite([{ input: figure, gravity: 'centre' }]);
  let jpeg = Buffer.alloc(0);
  for (const quality of QUALITIES) {
    jpeg = await canvas.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= MAX_PREVIEW_BYTES) break;
  }
  await storage.put(stored, jpeg, 'image/jpeg');
  return jpeg;
}
