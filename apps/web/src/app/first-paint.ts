/**
 * Issue 17: the served `/` carries a still picture of the page (`#first-paint`, drawn on the server
 * by src/first-paint.tsx from the same components) so a phone shows the first cards before the
 * scripts have run; the app draws into the hidden `#root` meanwhile and, once its own grid is there,
 * removes the picture in the same frame (index.css shows `#root` again).
 */
export function endFirstPaint(): void {
  document.getElementById('first-paint')?.remove();
}
