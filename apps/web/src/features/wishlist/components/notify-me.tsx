import { useState, type FormEvent } from 'react';
import { Bell, MailCheck } from 'lucide-react';
import type { Product } from '@shop/shared/product';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/error-text';
import { useSignedIn } from '../use-wishlist';
import { useNotifyMeMutation } from '../wishlist-api';

/** What the product page's picks say (its PurchaseChoice, declared here: a feature imports no sibling). */
export interface SoldOutChoice {
  stock: number;
  color: string | null;
  size: number | null;
  variant: { size: string } | null;
}

/**
 * docs/product.md, Back in stock: on a sold-out product, or a colour sold out in every size, "Notify me".
 * One click when signed in; a visitor gives an email and confirms by the link mailed to it.
 */
export function NotifyMe({ product, choice }: { product: Pick<Product, 'id' | 'variants'>; choice: SoldOutChoice }) {
  if (choice.stock > 0) return null;
  // A new colour is a new question: what was said for the last one goes.
  return <NotifyMeForm key={choice.color ?? ''} product={product} choice={choice} />;
}

function NotifyMeForm({ product, choice }: { product: Pick<Product, 'id' | 'variants'>; choice: SoldOutChoice }) {
  const signedIn = useSignedIn();
  const [notifyMe, { isLoading }] = useNotifyMeMutation();
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // With stock per variant, the colour picked (and its size, when one is) is what is waited for.
  const line = product.variants.length > 0 && choice.color ? { color: choice.color, ...(choice.variant && { size: choice.variant.size }) } : {};

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    setFailure(null);
    const result = await notifyMe({ productId: product.id, ...line, ...(signedIn ? {} : { email: email.trim() }) });
    if (result.error) setFailure(errorText(result.error));
    else setDone(result.data.message);
  }

  if (done)
    return (
      <p role="status" className="mt-4 flex items-start gap-2 rounded-xl bg-teal/10 p-4 text-sm font-medium text-teal-dark">
        <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {done}
      </p>
    );
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-3 rounded-xl border border-dashed border-gold/70 bg-gold/5 p-4" noValidate>
      <p className="text-sm text-ink">
        {choice.color && product.variants.length > 0 ? 'This colour is sold out.' : 'This is sold out.'} We can mail you the moment it is back.
      </p>
      {!signedIn && (
        <TextField
          label="Your email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          {...(failure ? { error: failure } : {})}
        />
      )}
      {signedIn && failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      <Button type="submit" variant="secondary" loading={isLoading} icon={<Bell aria-hidden="true" className="size-4" />}>
        Notify me when it's back
      </Button>
    </form>
  );
}
