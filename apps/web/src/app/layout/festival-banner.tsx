import { useState } from 'react';
import { Sparkles, X } from 'lucide-react';
import { FREE_SHIPPING_THRESHOLD_RUPEES } from '@shop/shared/constants';
import { formatRupees } from '@shop/shared/money';

const STORAGE_KEY = 'festival-banner-closed';

function readClosed(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** The festival banner (docs/product.md, Listing); once closed it stays closed for the rest of the visit. */
export function FestivalBanner() {
  const [closed, setClosed] = useState(readClosed);
  if (closed) return null;

  function close() {
    setClosed(true);
    try {
      sessionStorage.setItem(STORAGE_KEY, '1');
    } catch {
      // Private mode without storage: closed for this page view only.
    }
  }

  return (
    <section
      id="festival-sale"
      aria-label="Festival sale"
      className="relative overflow-hidden bg-maroon-dark text-white"
    >
      <div className="zari-border" aria-hidden="true" />
      <div className="relative bg-[radial-gradient(ellipse_at_top,var(--color-maroon-light),var(--color-maroon)_45%,var(--color-maroon-dark))]">
        <div className="shimmer pointer-events-none absolute inset-0" aria-hidden="true" />
        <div className="relative mx-auto flex max-w-7xl flex-col items-center px-12 py-6 text-center sm:py-8">
          <p className="flex items-center gap-2 font-serif text-lg font-semibold text-gold-light italic sm:text-xl">
            <Sparkles aria-hidden="true" className="size-5 text-gold motion-safe:animate-pulse" />
            Happy Diwali
            <Sparkles aria-hidden="true" className="size-5 text-gold motion-safe:animate-pulse" />
          </p>
          <p className="mt-1 flex flex-col items-center gap-x-3 sm:flex-row">
            <span className="font-serif text-3xl font-bold tracking-wide sm:text-4xl">Festival Sale</span>
            {/* The banner's copy, written out as docs/product.md (Listing) states it. */}
            <span className="font-serif text-3xl font-bold text-gold sm:text-4xl">Up to 70% OFF</span>
          </p>
          <p className="mt-3 rounded-full border border-gold/50 bg-black/15 px-4 py-1.5 text-xs font-medium tracking-wide text-ivory sm:text-sm">
            Free Shipping on Orders Above {formatRupees(FREE_SHIPPING_THRESHOLD_RUPEES)} | Limited Time Offer
          </p>
        </div>
        <button
          type="button"
          onClick={close}
          className="absolute top-2 right-2 flex size-11 items-center justify-center rounded-full text-white/85 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-gold sm:top-3 sm:right-4"
        >
          <span className="sr-only">Close banner</span>
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="zari-border" aria-hidden="true" />
    </section>
  );
}
