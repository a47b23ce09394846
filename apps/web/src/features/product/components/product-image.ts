// DESIGN §3 Images: an upload /uploads/…/<name>.webp also exists as <name>-400.webp and <name>-800.webp.
const UPLOAD_RE = /^(\/uploads\/[A-Za-z0-9_/-]+?)(?<!-400|-800)\.webp$/;

/** src and srcSet for a product image; pasted URLs have no responsive variants. */
export function responsiveImage(url: string): { src: string; srcSet?: string } {
  const m = UPLOAD_RE.exec(url);
  if (!m) return { src: url };
  return { src: url, srcSet: `${m[1]}-400.webp 400w, ${m[1]}-800.webp 800w` };
}
