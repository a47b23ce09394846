import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRight, Sparkles, X } from 'lucide-react';
import type { HomeBanner } from '@shop/shared/brand';
import { formatRupees } from '@shop/shared/money';
import { responsiveImage } from '../../features/product/components/product-image';
import { useFreeShippingAbove } from '../../features/settings/use-free-shipping';
import { useBrand } from '../../lib/brand';

const STORAGE_KEY = 'festival-banner-closed';

function readClosed(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

const ctaClass =
  'mt-4 inline-flex min-h-11 items-center gap-2 rounded-full bg-gold px-5 text-sm font-semibold text-ink shadow-md transition-colors hover:bg-gold-light focus-visible:outline-gold';

/** The owner's banner link, with a visible call to action: a page of the shop in the app, else the https address. */
function ShopNow({ link }: { link: string }) {
  const label: ReactNode = (
    <>
      Shop now
      <ArrowRight aria-hidden="true" className="size-4" />
    </>
  );
  return link.startsWith('/') ? (
    <Link to={link} className={ctaClass}>
      {label}
    </Link>
  ) : (
    <a href={link} className={ctaClass}>
      {label}
    </a>
  );
}

/** The headline: the owner's words from Shop Settings, or the festival sale's own (docs/product.md, Listing). */
function Headline({ headline }: { headline: string | null }) {
  if (headline) {
    return (
      <p className="mt-1 font-serif text-3xl font-bold tracking-wide text-balance sm:text-4xl">{headline}</p>
    );
  }
  return (
    <p className="mt-1 flex flex-col items-center gap-x-3 sm:flex-row">
      <span className="font-serif text-3xl font-bold tracking-wide sm:text-4xl">Festival Sale</span>
      {/* The banner's copy, written out as docs/product.md (Listing) states it. */}
      <span className="font-serif text-3xl font-bold text-gold sm:text-4xl">Up to 70% OFF</span>
    </p>
  );
}

/** The owner's picture behind the words, darkened so the white and gold text stays readable (WCAG AA). */
function Backdrop({ image }: { image: string }) {
  const { src, srcSet } = responsiveImage(image);
  return (
    <>
      <img
        src={src}
        srcSet={srcSet}
        sizes="100vw"
        alt=""
        decoding="async"
        className="absolute inset-0 size-full object-cover"
      />
      <div className="absolute inset-0 bg-black/60" aria-hidden="true" />
    </>
  );
}

/** The festival banner (docs/product.md, Listing); once closed it stays closed for the rest of the visit. */
export function FestivalBanner() {
  const [closed, setClosed] = useState(readClosed);
  const banner: HomeBanner = useBrand().banner;
  const freeAbove = useFreeShippingAbove();
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
        {banner.image && <Backdrop image={banner.image} />}
        <div className="shimmer pointer-events-none absolute inset-0" aria-hidden="true" />
        <div className="relative mx-auto flex max-w-7xl flex-col items-center px-12 py-6 text-center sm:py-8">
          <p className="flex items-center gap-2 font-serif text-lg font-semibold text-gold-light italic sm:text-xl">
            <Sparkles aria-hidden="true" className="size-5 text-gold motion-safe:animate-pulse" />
            Happy Diwali
            <Sparkles aria-hidden="true" className="size-5 text-gold motion-safe:animate-pulse" />
          </p>
          <Headline headline={banner.headline} />
          <p className="mt-3 rounded-full border border-gold/50 bg-black/15 px-4 py-1.5 text-xs font-medium tracking-wide text-ivory sm:text-sm">
            {freeAbove === null ? 'Limited Time Offer' : `Free Shipping on Orders Above ${formatRupees(freeAbove)} | Limited Time Offer`}
          </p>
          {banner.link && <ShopNow link={banner.link} />}
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
