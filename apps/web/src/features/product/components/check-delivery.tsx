import { useEffect, useId, useState, type FormEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Banknote, MapPin, Truck } from 'lucide-react';
import { normalisePin, PIN_MESSAGE, PIN_RE, type PincodeAnswer } from '@shop/shared/pin';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { inputClasses } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/error-text';
import { deliveryWindowText } from '../../../lib/india-dates';
import { useCheckDeliveryQuery } from '../product-api';

/** The PIN a shopper checked stays for the visit, so each product page answers for it at once. */
export const DELIVERY_PIN_KEY = 'shop.deliveryPin';

function rememberedPin(): string | null {
  try {
    return sessionStorage.getItem(DELIVERY_PIN_KEY);
  } catch {
    return null; // storage blocked: the box simply starts empty
  }
}

function remember(pin: string | null): void {
  try {
    if (pin === null) sessionStorage.removeItem(DELIVERY_PIN_KEY);
    else sessionStorage.setItem(DELIVERY_PIN_KEY, pin);
  } catch {
    // storage blocked: the answer still shows on this page
  }
}

const place = (a: PincodeAnswer) => `${a.district}, ${a.state} ${a.pin}`;

function Answer({ answer }: { answer: PincodeAnswer }) {
  if (!answer.deliverable || !answer.estimatedDelivery) {
    return (
      <>
        <p className="font-semibold text-maroon">We do not deliver to {answer.pin} yet</p>
        <p className="mt-0.5 text-xs text-ink-soft">{place(answer)}</p>
      </>
    );
  }
  return (
    <>
      <p className="flex items-start gap-1.5 font-semibold text-ink">
        <Truck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal" />
        <span>{deliveryWindowText(answer.estimatedDelivery)}</span>
      </p>
      <p
        className={cx('mt-1 flex items-center gap-1.5', answer.cod ? 'font-medium text-green-800' : 'text-ink-soft')}
      >
        <Banknote aria-hidden="true" className="size-4 shrink-0" />
        {answer.cod ? 'Cash on delivery available' : 'Cash on delivery not available'}
      </p>
      <p className="mt-1 pl-5.5 text-xs text-ink-soft">To {place(answer)}</p>
    </>
  );
}

/** docs/product.md, Product page: where the shopper lives decides when the saree arrives and how it is paid. */
export function CheckDelivery({ className }: { className?: string }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [pin, setPin] = useState<string | null>(null);
  const [typo, setTypo] = useState(false);
  const { currentData, error, isFetching } = useCheckDeliveryQuery(pin ?? skipToken);

  // After the first draw: the server's still picture of the page knows nothing of this visit.
  useEffect(() => {
    const earlier = rememberedPin();
    if (earlier && PIN_RE.test(earlier)) {
      setTyped(earlier);
      setPin(earlier);
    }
  }, []);

  // The server's refusal names the PIN (`PIN code 123456 does not exist`); not worth asking again next page.
  const refused =
    error !== undefined && 'status' in error && (error.status === 400 || error.status === 404) && pin !== null && errorText(error).includes(pin);
  useEffect(() => {
    if (refused) remember(null);
  }, [refused]);

  function check(e: FormEvent) {
    e.preventDefault();
    const next = normalisePin(typed);
    if (!PIN_RE.test(next)) {
      setTypo(true);
      return;
    }
    setTypo(false);
    setPin(next);
    remember(next);
  }

  const answerId = `${id}-answer`;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={cx('rounded-xl bg-white p-4 ring-1 ring-sand/70', className)}
    >
      <form onSubmit={check} noValidate>
        <label htmlFor={id} id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold text-ink">
          <MapPin aria-hidden="true" className="size-4 text-maroon" />
          Check delivery
        </label>
        <div className="mt-2 flex gap-2">
          <input
            id={id}
            name="deliveryPin"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={8}
            placeholder="Your 6-digit PIN code"
            aria-invalid={typo || refused ? true : undefined}
            aria-describedby={answerId}
            className={inputClasses(typo || refused, 'max-w-52 tracking-wider')}
          />
          <Button type="submit" variant="outline" loading={isFetching}>
            Check
          </Button>
        </div>
      </form>
      <div id={answerId} aria-live="polite" className="mt-3 text-sm empty:hidden">
        {typo ? (
          <p className="text-red-700">{PIN_MESSAGE}</p>
        ) : pin === null ? null : currentData ? (
          <Answer answer={currentData} />
        ) : error ? (
          <p className="text-red-700">
            {refused ? errorText(error) : 'We could not check this PIN code just now. Please try again.'}
          </p>
        ) : (
          <p className="text-ink-soft">Checking {pin}…</p>
        )}
      </div>
    </section>
  );
}
