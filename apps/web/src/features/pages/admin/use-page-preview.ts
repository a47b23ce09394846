import { useEffect, useState } from 'react';
import { pagesApi } from '../pages-api';

/** How long typing must pause before the preview asks the server again. */
export const PREVIEW_DELAY_MS = 300;

/**
 * The Markdown as the page will show it, rendered and sanitised by the server (the same code that
 * serves the page), asked for once typing pauses; the last answer stays while the next is on its way.
 */
export function usePagePreview(markdown: string, initialHtml: string): string {
  const [html, setHtml] = useState(initialHtml);
  useEffect(() => {
    const abort = new AbortController();
    const timer = setTimeout(() => {
      pagesApi.preview(markdown, abort.signal).then(
        (r) => setHtml(r.html),
        () => undefined, // a failed preview keeps the last one; saving reports errors
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [markdown]);
  return html;
}
