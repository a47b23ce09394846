// DESIGN §3 Images: an upload /uploads/<hash>.webp also exists as <hash>-400.webp and <hash>-800.webp.
const UPLOAD_RE = /^\/uploads\/([A-Za-z0-9_]+)\.webp$/;

/** src and srcSet for a product image; pasted URLs have no responsive variants. */
export function responsiveImage(url: string): { src: string; srcSet?: string } {
  const m = UPLOAD_RE.exec(url);
  if (!m) return { src: url };
  return {
    src: `/uploads/${m[1]}-800.webp`,
    srcSet: `/uploads/${m[1]}-400.webp 400w, /uploads/${m[1]}-800.webp 800w`,
  };
}
