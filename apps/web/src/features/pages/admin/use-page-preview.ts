import { useDebounced } from '../../../lib/use-debounced';
import { usePreviewShopPageQuery } from '../pages-api';

export const PREVIEW_DELAY_MS = 300;

/**
 * The Markdown as the page will show it, asked for once typing pauses; the last answer stays while
 * the next is on its way, and a failed preview keeps it too (saving reports errors).
 */
export function usePagePreview(markdown: string, initialHtml: string): string {
  const { data } = usePreviewShopPageQuery(useDebounced(markdown, PREVIEW_DELAY_MS));
  return data?.html ?? initialHtml;
}
