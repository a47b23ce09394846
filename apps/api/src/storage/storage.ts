// docs/decisions/012-picture-storage.md
export interface PictureStorage {
  // A key names content that never changes, so a key already there may be kept or written again.
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  get(key: string): Promise<Buffer | undefined>;
  list(prefix?: string): Promise<string[]>;
  close(): void;
  readonly location: string;
}

export const WEBP = 'image/webp';
export const PICTURE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

// Segments start with a letter or digit: no `..`, no hidden or temporary files.
const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function isPictureKey(key: string): boolean {
  return key.length <= 512 && KEY_RE.test(key);
}

export function assertPictureKey(key: string): void {
  if (!isPictureKey(key)) throw new Error(`Not a picture key: ${JSON.stringify(key)}`);
}

const PICTURE_TYPES: Record<string, string> = { webp: WEBP, jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', avif: 'image/avif' };

// Undefined for anything else: an HTML file must never reach a public bucket.
export function pictureType(key: string): string | undefined {
  return PICTURE_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()];
}

export async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
