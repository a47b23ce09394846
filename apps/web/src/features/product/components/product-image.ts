// An upload /uploads/…/<name>.webp also exists as <name>-400.webp and <name>-800.webp.
const UPLOAD_RE = /^(\/uploads\/[A-Za-z0-9_/-]+?)(?<!-400|-800)\.webp$/;

/** src and srcSet for a product image; pasted URLs have no responsive variants. */
export function responsiveImage(url: string): { src: string; srcSet?: string } {
  const m = UPLOAD_RE.exec(url);
  if (!m) return { src: url };
  return { src: url, srcSet: `${m[1]}-400.webp 400w, ${m[1]}-800.webp 800w` };
}

/** The card picture's rendered width at each breakpoint of the listing grid. */
export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 240px, (min-width: 1024px) 30vw, (min-width: 640px) 33vw, 50vw';

/** The first cards load eagerly and at high priority: they are what the visitor sees first. */
export const EAGER_CARDS = 3;

/** The product page's large picture's rendered width (the gallery beside the details from lg). */
export const GALLERY_IMAGE_SIZES = '(min-width: 1024px) 40vw, 100vw';

/** Asks for a picture at high priority before its <img> exists; the <img> takes it from the same srcset and sizes. */
function preloadImage(url: string, sizes: string): void {
  const img = responsiveImage(url);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = img.src;
  if (img.srcSet) {
    link.setAttribute('imagesrcset', img.srcSet);
    link.setAttribute('imagesizes', sizes);
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/**
 * Asks for the first cards' pictures as soon as the listing's data is here, while the page still
 * renders: the browser takes the same srcset and sizes from this hint when the cards appear.
 */
export function preloadCardImages(urls: readonly string[]): void {
  for (const url of urls.slice(0, EAGER_CARDS)) preloadImage(url, CARD_IMAGE_SIZES);
}

/** The product page's first picture (the gallery's large one), as soon as the product's data is here. */
export function preloadGalleryImage(url: string | undefined): void {
  if (url) preloadImage(url, GALLERY_IMAGE_SIZES);
}
