import { Share2 } from 'lucide-react';
import type { Product } from '@shop/shared/product';
import { formatRupees } from '@shop/shared/money';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useBrand } from '../../../lib/brand';

/** What a shared product says: its name, price and shop, then the link (WhatsApp shows the preview). */
export function shareText(p: Pick<Product, 'title' | 'discountedPrice'>, shopName: string): string {
  return `${p.title} — ${formatRupees(p.discountedPrice)} at ${shopName}`;
}

export const whatsappShareUrl = (text: string, url: string) => `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;

const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

/**
 * Shares the product through the phone's own share sheet (Web Share API); where there is none
 * (most desktop browsers), a link that opens WhatsApp with the text and link filled in.
 */
export function ShareButton({ product }: { product: Pick<Product, 'id' | 'title' | 'discountedPrice'> }) {
  // Drawn on the server too (the first paint, which the app replaces): there the link stays relative.
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const url = `${origin}${paths.productDetail(product.id)}`;
  const text = shareText(product, useBrand().shopName);
  const className = buttonClasses('outline', 'md', 'self-start');
  if (!canShare()) {
    return (
      <a href={whatsappShareUrl(text, url)} target="_blank" rel="noopener noreferrer" className={className}>
        <Share2 aria-hidden="true" className="size-4" />
        Share on WhatsApp
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className}
      onClick={() => {
        // A shopper who closes the share sheet rejects the promise: nothing to tell them.
        navigator.share({ title: product.title, text, url }).catch(() => undefined);
      }}
    >
      <Share2 aria-hidden="true" className="size-4" />
      Share
    </button>
  );
}
