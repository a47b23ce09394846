import type { ReactNode } from 'react';
import { cx } from '../../components/ui/cx';
import { Footer } from './footer';
import { TopBar } from './top-bar';

export interface PageFrameProps {
  children: ReactNode;
  className?: string;
  /** Overrides the cart badge (the top bar reads the cart slice otherwise). */
  cartCount?: number;
  before?: ReactNode;
  /** A bar fixed to the bottom of a phone's screen (the cart's checkout bar); the footer ends above it. */
  bottomBar?: ReactNode;
}

/** Every shopper page: sticky top bar, main content, footer (docs/product.md, Page frame). */
export function PageFrame({ children, className, cartCount, before, bottomBar }: PageFrameProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-gold px-4 py-2 font-semibold text-ink focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar cartCount={cartCount} />
      {before}
      <main
        id="main"
        tabIndex={-1}
        // At least a screen tall: the footer starts below the fold, so a page that fills in after its
        // spinner (cart, orders, profile) never pushes a footer in view down (layout shift).
        className={cx('mx-auto min-h-screen w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 lg:px-8', className)}
      >
        {children}
      </main>
      <Footer />
      {bottomBar && (
        <>
          {/* Room under the footer as tall as the bar, so the bar never hides the footer's last line. */}
          <div aria-hidden="true" className="h-20 lg:hidden" />
          {bottomBar}
        </>
      )}
    </div>
  );
}
