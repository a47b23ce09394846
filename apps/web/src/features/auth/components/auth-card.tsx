import type { ReactNode } from 'react';
import { RotateCcw, ShieldCheck, Truck, WandSparkles } from 'lucide-react';
import { FREE_SHIPPING_THRESHOLD_RUPEES } from '@shop/shared/constants';
import { formatRupees } from '@shop/shared/money';

const perksFor = (freeAbove: number | null) => [
  ...(freeAbove === null ? [] : [{ icon: Truck, text: `Free shipping on orders above ${formatRupees(freeAbove)}` }]),
  { icon: RotateCcw, text: 'Easy returns and exchanges' },
  { icon: ShieldCheck, text: 'Cash on delivery, cards and UPI' },
];

export interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** The shop's free-shipping threshold (Settings → Shipping); null: none to promise. */
  freeShippingAbove?: number | null;
}

export function AuthCard({ title, subtitle, children, footer, freeShippingAbove = FREE_SHIPPING_THRESHOLD_RUPEES }: AuthCardProps) {
  const perks = perksFor(freeShippingAbove);
  return (
    <div className="mx-auto grid w-full max-w-4xl overflow-hidden rounded-2xl bg-white shadow-xl ring-1 shadow-maroon/10 ring-sand/70 md:grid-cols-[5fr_6fr]">
      <div className="relative hidden flex-col justify-between overflow-hidden bg-[radial-gradient(ellipse_at_top_left,var(--color-maroon-light),var(--color-maroon)_50%,var(--color-maroon-dark))] p-8 text-white md:flex">
        <div className="shimmer pointer-events-none absolute inset-0 opacity-60" aria-hidden="true" />
        <div className="relative">
          <WandSparkles aria-hidden="true" className="size-10 text-gold" />
          <p className="mt-5 font-serif text-2xl leading-snug font-semibold">
            Six yards of grace, a sprinkle of magic.
          </p>
          <p className="mt-3 text-sm text-ivory/85">
            Handwoven sarees from the looms of India, chosen for you.
          </p>
        </div>
        <ul className="relative mt-10 space-y-3 text-sm">
          {perks.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3">
              <span className="flex size-8 items-center justify-center rounded-full bg-white/10">
                <Icon aria-hidden="true" className="size-4 text-gold-light" />
              </span>
              {text}
            </li>
          ))}
        </ul>
      </div>
      <div className="px-5 py-8 sm:px-10 sm:py-10">
        <h1 className="text-3xl font-bold text-ink">{title}</h1>
        {subtitle && <p className="mt-1.5 text-ink-soft">{subtitle}</p>}
        <div className="mt-7">{children}</div>
        {footer && <p className="mt-6 text-center text-sm text-ink-soft">{footer}</p>}
      </div>
    </div>
  );
}

/** A server message in red beneath a field (docs/product.md, Errors). */
export function ServerError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  );
}

export const authLinkClass = 'font-semibold text-teal underline-offset-4 hover:underline';
