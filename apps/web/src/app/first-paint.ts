// No React here: the boot script imports this file, and its graph must stay a few hundred bytes.

/**
 * The served `/` and a signed-in shopper's product page carry a still picture of the page
 * (`#first-paint`, drawn on the server by src/first-paint.server.tsx from the same components) so a
 * phone shows the first cards, or the product, before the scripts have run. The server names the
 * app's script on the picture (`data-app`), not in the head: it starts once the first pictures are
 * painted, so on a slow network they get the bandwidth first. The app then draws into the hidden
 * `#root` and, once its own page is there, removes the picture in the same frame (index.css shows
 * `#root` again).
 */
export function startAppAfterFirstPaint(): void {
  const begin = () => {
    const paint = document.getElementById('first-paint');
    const app = paint?.dataset.app;
    if (!paint || !app) return;
    const first = [...paint.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
    // A picture that never arrives holds the app back no longer than a slow phone takes for one.
    const pictures = Promise.race([
      Promise.all(first.map((img) => img.decode().catch(() => undefined))),
      new Promise((later) => setTimeout(later, FIRST_PICTURES_WAIT_MS)),
    ]);
    void pictures
      .then(() => new Promise((painted) => requestAnimationFrame(() => setTimeout(painted))))
      .then(() => import(/* @vite-ignore */ app));
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', begin, { once: true });
  else begin();
}

const FIRST_PICTURES_WAIT_MS = 3000;

export function endFirstPaint(): void {
  document.getElementById('first-paint')?.remove();
}

/** The page the server painted: the one the visitor opened (read by the boot script, before any redirect). */
export const paintedPath = typeof window === 'undefined' ? '' : window.location.pathname;
