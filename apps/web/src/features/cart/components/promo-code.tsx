import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { AlertCircle, BadgePercent, X } from 'lucide-react';
import { formatRupees } from '@shop/shared/money';
import type { CartOffers } from '@shop/shared/promotions';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/error-text';
import { useApplyPromoCodeMutation, useRemovePromoCodeMutation } from '../cart-offers-api';

export interface PromoCodeProps {
  /** The cart's offers (GET /api/cart/offers); undefined while they load or when they cannot be read. */
  offers: CartOffers | undefined;
}

/**
 * docs/product.md, Promotions: the shopper's code. A field to apply one (the server's refusal beside it), or
 * the code kept with the cart as a chip to remove, what it saves, and why it gives nothing now; then what
 * paying online would save more.
 */
export function PromoCode({ offers }: PromoCodeProps) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [apply, applying] = useApplyPromoCodeMutation();
  const [remove, removing] = useRemovePromoCodeMutation();
  const code = offers?.code ?? null;
  // Once a code is applied or removed the control under focus goes: focus moves to what takes its place.
  const moveFocus = useRef(false);
  const removeButton = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (code ? removeButton : field).current?.focus();
  }, [code]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const wanted = typed.trim();
    if (!wanted) return;
    setRefusal(null);
    moveFocus.current = true;
    const result = await apply(wanted);
    if (result.error) {
      moveFocus.current = false;
      setRefusal(errorText(result.error));
    } else setTyped('');
  }

  async function takeOff() {
    moveFocus.current = true;
    const result = await remove();
    if (!result.error) return;
    moveFocus.current = false;
    toast.error(errorText(result.error));
  }

  return (
    <div className="space-y-2 text-sm">
      <p role="status" className="sr-only">
        {code && `Promo code ${code} applied`}
      </p>
      {offers?.code ? (
        <div className="space-y-1.5">
          <p className="flex flex-wrap items-center gap-2">
            <span className="inline-flex items-center gap-1.5 rounded-full bg-teal/10 py-1 pr-1 pl-3 font-semibold tracking-wide text-teal">
              <BadgePercent aria-hidden="true" className="size-4" />
              <span className="sr-only">Promo code </span>
              {offers.code}
              <button
                ref={removeButton}
                type="button"
                onClick={() => void takeOff()}
                disabled={removing.isLoading}
                className="inline-flex min-h-8 items-center gap-1 rounded-full px-2 text-xs font-medium text-ink-soft hover:bg-teal/10 hover:text-maroon disabled:opacity-60"
              >
                <X aria-hidden="true" className="size-3.5" />
                Remove <span className="sr-only">code {offers.code}</span>
              </button>
            </span>
            {offers.codeSavingRupees > 0 && (
              <span className="font-medium text-green-800">
                You save {formatRupees(offers.codeSavingRupees)}
              </span>
            )}
          </p>
          {offers.codeProblem && (
            <p className="flex gap-1.5 text-maroon">
              <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {offers.codeProblem}
            </p>
          )}
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <label htmlFor={id} className="mb-1.5 block font-medium text-ink">
            Have a promo code?
          </label>
          <div className="flex gap-2">
            <input
              ref={field}
              id={id}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              maxLength={40}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? `${id}-error` : undefined}
              className={inputClasses(refusal !== null, 'uppercase placeholder:normal-case')}
              placeholder="Enter code"
            />
            <Button type="submit" variant="outline" loading={applying.isLoading} disabled={!typed.trim()}>
              Apply
            </Button>
          </div>
          {refusal && (
            <p id={`${id}-error`} role="alert" className="mt-1.5 text-red-700">
              {refusal}
            </p>
          )}
        </form>
      )}
      {offers && offers.payOnlineRupees > 0 && (
        <p className="font-medium text-green-800">
          Pay online and save {formatRupees(offers.payOnlineRupees)} more
        </p>
      )}
    </div>
  );
}
