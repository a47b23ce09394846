import { cx } from '../../../components/ui/cx';
import './page-content.css';

/**
 * A shop page's text. The HTML comes from the server, rendered from the admin's Markdown and
 * sanitised there with an allow-list (docs/decisions/019), so it is set as it is.
 */
export function PageContent({ html, className }: { html: string; className?: string }) {
  return <div className={cx('shop-prose', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
