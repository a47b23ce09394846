/**
 * Where pictures are kept (docs/decisions/012-picture-storage.md): a local folder or an
 * S3-compatible bucket, one interface for both. A key is a picture's path under `/uploads/`
 * (`<hash>.webp`, `<hash>-400.webp`, `catalogue/…`); the database names it `/uploads/<key>` whichever
 * driver holds it, and replies turn that into a URL (plugins/asset-urls.ts).
 */
export interface PictureStorage {
  /**
   * Stores `bytes` under `key`. A key names content that never changes (a hash or a versioned
   * name), so a key already there may be kept as it is or written again with the same bytes.
   */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The stored bytes, or undefined when nothing is stored under `key`. */
  get(key: string): Promise<Buffer | undefined>;
  /** Every stored key that starts with `prefix`, sorted. */
  list(prefix?: string): Promise<string[]>;
  /** Lets go of open connections (the S3 client's sockets). */
  close(): void;
  /** Where the pictures are, for people: a folder or a bucket. */
  readonly location: string;
}

export const WEBP = 'image/webp';
/** Keys never change content, so a picture may be cached for a year by browsers and CDNs alike. */
export const PICTURE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Path segments start with a letter or digit: no `..`, no hidden or temporary files. */
const KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function isPictureKey(key: string): boolean {
  return key.length <= 512 && KEY_RE.test(key);
}

export function assertPictureKey(key: string): void {
  if (!isPictureKey(key)) throw new Error(`Not a picture key: ${JSON.stringify(key)}`);
}

const PICTURE_TYPES: Record<string, string> = { webp: WEBP, jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', avif: 'image/avif' };

/** The content type of a raster picture by its extension; undefined for anything else (an HTML file must never reach a public bucket). */
export function pictureType(key: string): string | undefined {
  return PICTURE_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()];
}

/** Runs `fn` on every item with at most `limit` calls in flight. */
export async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
