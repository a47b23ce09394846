import { useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES } from '@shop/shared/messages';
import { cx } from '../../components/ui/cx';
import { PageSpinner } from '../../components/ui/spinner';
import { LoginForm } from '../../features/auth/components/login-form';
import { SignupForm } from '../../features/auth/components/signup-form';
import { useCart } from '../../features/cart/use-cart';
import { useRemoveCartItem } from '../../features/cart/use-remove-cart-item';
import { paths } from '../../config/paths';
import { PageFrame } from '../layout/page-frame';
import { CheckoutStep } from './checkout-step';
import { CheckoutSummary } from './checkout-summary';

type Way = 'signIn' | 'signUp';

const ways: { way: Way; label: string }[] = [
  { way: 'signIn', label: 'I have an account' },
  { way: 'signUp', label: 'I am new here' },
];

/**
 * Checkout for a visitor (docs/product.md, Checkout): the bag stays as it is while they sign in or
 * create an account on this page; once signed in, the bag joins the account and the address and payment follow.
 */
export function GuestCheckout() {
  const { items, loaded, total, pieces } = useCart(false);
  const removeItem = useRemoveCartItem(MESSAGES.productRemovedFromCart, true);
  const [way, setWay] = useState<Way>('signUp');
  const accountStep = useRef<HTMLDivElement>(null);

  if (!loaded) {
    return (
      <PageFrame>
        <PageSpinner />
      </PageFrame>
    );
  }
  if (items.length === 0) return <Navigate to={paths.home} replace />;

  const askForAccount = () => {
    toast.info(MESSAGES.signInToPlaceOrder);
    accountStep.current?.scrollIntoView({ block: 'start' });
    accountStep.current?.querySelector<HTMLInputElement>('input')?.focus();
  };

  return (
    <PageFrame>
      <h1 className="text-3xl font-bold text-ink sm:text-4xl">Checkout</h1>
      <p className="mt-1 text-ink-soft">
        Your bag is kept while you sign in or create an account: then tell us where to send your sarees.
      </p>

      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-12 lg:items-start">
        <div className="space-y-6 lg:col-span-7">
          <div ref={accountStep} className="scroll-mt-28">
            <CheckoutStep n={1} title="Your Account">
              <div role="group" aria-label="Your account" className="grid grid-cols-2 gap-1 rounded-lg bg-sand/40 p-1">
                {ways.map((w) => (
                  <button
                    key={w.way}
                    type="button"
                    aria-pressed={way === w.way}
                    onClick={() => setWay(w.way)}
                    className={cx(
                      'min-h-11 rounded-md px-3 text-sm font-semibold transition-colors',
                      way === w.way ? 'bg-white text-maroon shadow-sm' : 'text-ink-soft hover:text-ink',
                    )}
                  >
                    {w.label}
                  </button>
                ))}
              </div>
              <div className="mt-5">{way === 'signIn' ? <LoginForm stay /> : <SignupForm signInAfter />}</div>
            </CheckoutStep>
          </div>
          <LaterStep n={2} title="Shipping Address" />
          <LaterStep n={3} title="Payment Method" />
        </div>

        <CheckoutSummary
          items={items}
          subtotal={total}
          pieces={pieces}
          deliveryState={undefined}
          removingId={null}
          onRemove={(id) => {
            const item = items.find((i) => i.id === id);
            if (item) void removeItem(item);
          }}
          busy={false}
          paymentError={null}
          onPlaceOrder={askForAccount}
        />
      </div>
    </PageFrame>
  );
}

function LaterStep({ n, title }: { n: number; title: string }) {
  return (
    <section aria-labelledby={`step-${n}`} className="rounded-xl bg-white/60 p-5 ring-1 ring-sand/70 sm:p-6">
      <h2 id={`step-${n}`} className="flex items-center gap-3 text-xl font-semibold text-ink-soft">
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-sand font-sans text-sm font-bold text-ink-soft"
        >
          {n}
        </span>
        {title}
      </h2>
      <p className="mt-2 text-sm text-ink-soft">Once you are signed in.</p>
    </section>
  );
}
