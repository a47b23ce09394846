import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { X } from 'lucide-react';
import { formatRupees } from '@shop/shared/money';
import type { Order, OrderItem } from '@shop/shared/order';
import {
  MAX_RETURN_PHOTOS,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  returnRequestBodySchema,
  type OrderReturns,
  type ReturnReason,
  type ReturnRequest,
} from '@shop/shared/returns-schemas';
import { findVariant, sizeText, soldSizeText, type ProductVariant } from '@shop/shared/sizes';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { cx } from '../../../components/ui/cx';
import { RadioCard } from '../../../components/ui/radio-card';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { colourName } from '../../../lib/colour-name';
import { errorText } from '../../../lib/error-text';
import { formatIndiaDay } from '../../../lib/india-dates';
import {
  useGetExchangeProductQuery,
  useRequestReturnMutation,
  useUploadReturnPhotoMutation,
} from './returns-api';

/** The server's limit for one photo (`POST /api/returns/photos`): refused here before a phone sends it. */
const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

interface Choice {
  selected: boolean;
  quantity: number;
  reason: ReturnReason | '';
  exchange: boolean;
  variant: Pick<ProductVariant, 'id' | 'color' | 'size'> | null;
  photos: string[];
  uploading: number;
}

const NO_CHOICE: Choice = {
  selected: false,
  quantity: 1,
  reason: '',
  exchange: false,
  variant: null,
  photos: [],
  uploading: 0,
};

/** Errors by field: `items`, `form`, `refundTo`, `refundTo.<field>`, `<itemId>.<field>`. */
type Errors = Record<string, string>;

export interface ReturnRequestFormProps {
  order: Pick<Order, 'id' | 'items' | 'paymentMethod'>;
  returnable: OrderReturns['returnable'];
  returnBy: string | null;
  open: boolean;
  onClose: () => void;
  onRequested: (request: ReturnRequest) => void;
}

/** The shopper's return or exchange request: which items, how many, why, and what they want instead. */
export default function ReturnRequestForm({
  order,
  returnable,
  returnBy,
  open,
  onClose,
  onRequested,
}: ReturnRequestFormProps) {
  const [requestReturn, { isLoading: saving }] = useRequestReturnMutation();
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [refundBy, setRefundBy] = useState<'upi' | 'bank'>('upi');
  const [upi, setUpi] = useState('');
  const [bank, setBank] = useState({ accountNumber: '', ifsc: '', name: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [checked, setChecked] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const ids = useId();

  const items = order.items.flatMap((item) => {
    const limit = returnable.find((r) => r.itemId === item.id)?.quantity ?? 0;
    return limit > 0 ? [{ item, limit }] : [];
  });
  const choiceOf = (itemId: number) => choices[itemId] ?? NO_CHOICE;
  const chosen = items.filter(({ item }) => choiceOf(item.id).selected);
  const anyRefund = chosen.some(({ item }) => !choiceOf(item.id).exchange);
  const askRefundTo = order.paymentMethod === 'cash' && anyRefund;
  const uploading = chosen.some(({ item }) => choiceOf(item.id).uploading > 0);

  // A refused submit takes the shopper to the first field to mend.
  useEffect(() => {
    if (checked === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first ?? form.current?.querySelector<HTMLElement>('input[type="checkbox"]'))?.focus();
  }, [checked]);

  const change = (itemId: number, patch: Partial<Choice> | ((c: Choice) => Partial<Choice>)) =>
    setChoices((all) => {
      const c = all[itemId] ?? NO_CHOICE;
      return { ...all, [itemId]: { ...c, ...(typeof patch === 'function' ? patch(c) : patch) } };
    });
  const clear = (...keys: string[]) =>
    setErrors((e) => {
      if (!keys.some((k) => k in e)) return e;
      const next = { ...e };
      for (const k of keys) delete next[k];
      return next;
    });
  const close = () => {
    if (!saving) onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving || uploading) return;
    const raw = {
      items: chosen.map(({ item }) => {
        const c = choiceOf(item.id);
        return {
          itemId: item.id,
          quantity: c.quantity,
          reason: c.reason === '' ? undefined : c.reason,
          photos: c.photos,
          exchange: c.exchange && c.variant ? { color: c.variant.color, size: c.variant.size } : null,
        };
      }),
      ...(askRefundTo ? { refundTo: refundBy === 'upi' ? { upi } : bank } : {}),
    };
    const body = returnRequestBodySchema.safeParse(raw);
    if (!body.success) {
      const found: Errors = {};
      for (const issue of body.error.issues) {
        const [head, index, field] = issue.path;
        const key =
          head === 'items' && typeof index === 'number'
            ? `${chosen[index]?.item.id}.${String(field ?? 'item')}`
            : head === 'refundTo' && index !== undefined
              ? `refundTo.${String(index)}`
              : head === 'items' || head === 'refundTo'
                ? head
                : 'form';
        found[key] ??= issue.message;
      }
      setErrors(found);
      setChecked((n) => n + 1);
      return;
    }
    setErrors({});
    const result = await requestReturn({ orderId: order.id, body: body.data });
    if (result.error) {
      setErrors({ form: errorText(result.error) });
      return;
    }
    onRequested(result.data);
  };

  const formError = errors.form ?? errors.items;
  const formErrorId = `${ids}-error`;
  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-ink/50 backdrop-blur-[2px]" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel className="flex max-h-[100dvh] w-full max-w-lg flex-col overflow-hidden rounded-t-xl bg-white shadow-xl sm:max-h-[calc(100dvh-2rem)] sm:rounded-xl">
          <div className="flex items-start justify-between gap-3 border-b border-sand bg-ivory/70 px-4 py-3 sm:px-6">
            <div className="min-w-0">
              <DialogTitle className="font-serif text-xl font-semibold text-ink">
                Return or exchange
              </DialogTitle>
              <Description className="text-sm text-ink-soft">
                Order #{order.id}
                {returnBy && <> · ask by {formatIndiaDay(returnBy)}</>}
              </Description>
            </div>
            <button
              type="button"
              onClick={close}
              className="-mr-2 flex size-11 shrink-0 items-center justify-center rounded-md text-ink-soft hover:text-maroon"
            >
              <span className="sr-only">Close</span>
              <X aria-hidden="true" className="size-6" />
            </button>
          </div>
          <form
            ref={form}
            noValidate
            onSubmit={(e) => void submit(e)}
            aria-describedby={formError ? formErrorId : undefined}
            className="flex min-h-0 flex-1 flex-col"
          >
            <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-4 sm:px-6">
              <p className="text-sm text-ink-soft">Choose the items to send back, and tell us why.</p>
              {items.map(({ item, limit }, n) => (
                <ItemFields
                  key={item.id}
                  item={item}
                  limit={limit}
                  choice={choiceOf(item.id)}
                  errors={errors}
                  first={n === 0}
                  change={(patch) => change(item.id, patch)}
                  clear={clear}
                  setError={(key, message) => setErrors((e) => ({ ...e, [key]: message }))}
                />
              ))}
              {order.paymentMethod === 'card' && anyRefund && chosen.length > 0 && (
                <p className="rounded-lg bg-teal/5 px-3 py-2 text-sm text-ink">
                  Your refund goes back to the card or UPI account you paid from.
                </p>
              )}
              {askRefundTo && (
                <RefundToFields
                  refundBy={refundBy}
                  setRefundBy={(by) => {
                    setRefundBy(by);
                    clear('refundTo');
                  }}
                  upi={upi}
                  setUpi={(v) => {
                    setUpi(v);
                    clear('refundTo.upi', 'refundTo');
                  }}
                  bank={bank}
                  setBank={(field, v) => {
                    setBank((b) => ({ ...b, [field]: v }));
                    clear(`refundTo.${field}`, 'refundTo');
                  }}
                  errors={errors}
                />
              )}
              {formError && (
                <p id={formErrorId} role="alert" className="text-sm font-medium text-red-700">
                  {formError}
                </p>
              )}
            </div>
            <div className="flex flex-col-reverse gap-2 border-t border-sand px-4 py-3 sm:flex-row sm:justify-end sm:px-6">
              <Button variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={saving} disabled={uploading}>
                Send request
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

interface ItemFieldsProps {
  item: OrderItem;
  limit: number;
  choice: Choice;
  errors: Errors;
  first: boolean;
  change: (patch: Partial<Choice> | ((c: Choice) => Partial<Choice>)) => void;
  clear: (...keys: string[]) => void;
  setError: (key: string, message: string) => void;
}

function ItemFields({ item, limit, choice, errors, first, change, clear, setError }: ItemFieldsProps) {
  const id = useId();
  const product = useGetExchangeProductQuery(item.product.id, { skip: !choice.selected });
  const [upload] = useUploadReturnPhotoMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const key = (field: string) => `${item.id}.${field}`;
  const nameId = `${id}-name`;

  // docs/product.md, Returns: another colour or size of the same product, in stock, not the one bought.
  const variants = product.data?.variants ?? [];
  const bought = item.variant?.id ?? findVariant(variants, item.color, item.size)?.id;
  const others = variants.filter((v) => v.id !== bought && v.stock > 0);
  const unit = product.data?.sizeUnit ?? item.product.sizeUnit ?? 'in';
  const noExchange =
    product.isFetching && !product.data
      ? 'Looking for other sizes and colours…'
      : variants.length === 0
        ? 'This item can be returned for a refund only.'
        : others.length === 0
          ? 'No other size or colour of it is in stock just now.'
          : null;
  const dearer =
    choice.exchange && choice.variant ? others.find((v) => v.id === choice.variant?.id) : undefined;
  const extra = dearer ? dearer.discountedPrice - item.product.discountedPrice : 0;

  const addPhotos = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const room = MAX_RETURN_PHOTOS - choice.photos.length - choice.uploading;
    if (files.length > room) setError(key('photos'), `At most ${MAX_RETURN_PHOTOS} photos`);
    else clear(key('photos'));
    const taken = files.slice(0, Math.max(room, 0));
    const tooBig = taken.filter((f) => f.size > MAX_PHOTO_BYTES);
    if (tooBig.length > 0) setError(key('photos'), 'A photo is at most 10 MB');
    await Promise.all(
      taken
        .filter((f) => f.size <= MAX_PHOTO_BYTES)
        .map(async (file) => {
          change((c) => ({ uploading: c.uploading + 1 }));
          const result = await upload(file);
          change((c) => ({
            uploading: c.uploading - 1,
            photos: result.data ? [...c.photos, result.data.url] : c.photos,
          }));
          if (result.error) setError(key('photos'), errorText(result.error));
        }),
    );
  };

  const photoError = errors[key('photos')];
  const itemError = errors[key('item')] ?? errors[key('itemId')] ?? errors[key('exchange')];
  const full = choice.photos.length + choice.uploading >= MAX_RETURN_PHOTOS;
  return (
    <fieldset
      aria-labelledby={nameId}
      className={cx(
        'rounded-xl border p-3',
        choice.selected ? 'border-maroon/40 bg-ivory/40' : 'border-sand',
      )}
    >
      <Checkbox
        checked={choice.selected}
        onChange={(e) => {
          change({ selected: e.target.checked });
          clear('items');
        }}
        data-autofocus={first ? true : undefined}
        label={
          <span id={nameId} className="flex items-center gap-3">
            <img
              src={item.product.thumbnail}
              alt=""
              width={36}
              height={48}
              className="aspect-[3/4] w-9 shrink-0 rounded-md bg-sand/50 object-cover"
            />
            <span className="min-w-0">
              <span className="block font-medium">{item.product.title}</span>{' '}
              <span className="block text-xs text-ink-soft">
                {colourName(item.color)} · Size {soldSizeText(item)} · {limit} of {item.quantity} can be
                returned
              </span>
            </span>
          </span>
        }
      />
      {choice.selected && (
        <div className="mt-3 grid gap-4">
          <div className="grid gap-3 sm:grid-cols-[7rem_1fr]">
            <Select
              label="Quantity"
              value={String(choice.quantity)}
              onChange={(e) => change({ quantity: Number(e.target.value) })}
              options={Array.from({ length: limit }, (_, i) => ({
                value: String(i + 1),
                label: String(i + 1),
              }))}
              error={errors[key('quantity')]}
            />
            <Select
              label="Reason"
              value={choice.reason}
              placeholder="Choose a reason"
              onChange={(e) => {
                change({ reason: e.target.value as ReturnReason | '' });
                clear(key('reason'), key('photos'));
              }}
              options={RETURN_REASONS.map((r) => ({ value: r, label: RETURN_REASON_LABELS[r] }))}
              error={errors[key('reason')]}
            />
          </div>

          <fieldset>
            <legend className="text-sm font-medium text-ink">What would you like?</legend>
            <div className="mt-1.5 grid gap-2">
              <RadioCard
                name={`${id}-want`}
                value="refund"
                checked={!choice.exchange}
                onChange={() => change({ exchange: false })}
              >
                <span className="text-sm text-ink">Return for a refund</span>
              </RadioCard>
              <RadioCard
                name={`${id}-want`}
                value="exchange"
                checked={choice.exchange}
                disabled={noExchange !== null}
                aria-describedby={noExchange ? `${id}-no-exchange` : undefined}
                onChange={() => change((c) => ({ exchange: true, variant: c.variant ?? others[0] ?? null }))}
              >
                <span className="text-sm text-ink">
                  Exchange for another size/colour
                  {noExchange && (
                    <span id={`${id}-no-exchange`} className="mt-0.5 block text-xs text-ink-soft">
                      {noExchange}
                    </span>
                  )}
                </span>
              </RadioCard>
            </div>
          </fieldset>

          {choice.exchange && others.length > 0 && (
            <Select
              label="Exchange for"
              value={String(choice.variant?.id ?? others[0]!.id)}
              onChange={(e) =>
                change({ variant: others.find((v) => String(v.id) === e.target.value) ?? null })
              }
              options={others.map((v) => ({
                value: String(v.id),
                label: `${colourName(v.color)}, ${sizeText(v.size, unit)}${
                  v.discountedPrice !== item.product.discountedPrice
                    ? ` · ${formatRupees(v.discountedPrice)}`
                    : ''
                }`,
              }))}
              hint={
                extra > 0
                  ? `${formatRupees(extra)} more than you paid each: you pay the difference when the exchange is delivered.`
                  : undefined
              }
            />
          )}

          <div>
            <label htmlFor={`${id}-photos`} className="block text-sm font-medium text-ink">
              Photos {choice.reason === 'damaged' ? '(needed)' : '(optional)'}
            </label>
            <p id={`${id}-photos-hint`} className="text-xs text-ink-soft">
              Up to {MAX_RETURN_PHOTOS}, each up to 10 MB. Show the damage or the difference clearly.
            </p>
            <input
              ref={fileInput}
              id={`${id}-photos`}
              type="file"
              accept="image/*"
              multiple
              disabled={full}
              aria-invalid={photoError ? true : undefined}
              aria-describedby={photoError ? `${id}-photos-error` : `${id}-photos-hint`}
              onChange={(e) => void addPhotos(e)}
              className="mt-1.5 block w-full text-sm text-ink-soft file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border file:border-sand file:bg-white file:px-3 file:text-sm file:font-semibold file:text-ink hover:file:border-maroon/40 disabled:opacity-60"
            />
            {photoError && (
              <p id={`${id}-photos-error`} className="mt-1.5 text-sm text-red-700">
                {photoError}
              </p>
            )}
            {choice.uploading > 0 && (
              <p role="status" className="mt-1.5 text-sm text-ink-soft">
                Uploading {choice.uploading === 1 ? 'a photo' : `${choice.uploading} photos`}…
              </p>
            )}
            {choice.photos.length > 0 && (
              <ul className="mt-2 flex flex-wrap gap-3" aria-label="Photos added">
                {choice.photos.map((url, i) => (
                  <li key={url} className="flex flex-col items-center">
                    <img
                      src={url}
                      alt={`Photo ${i + 1} of ${item.product.title}`}
                      width={64}
                      height={64}
                      className="size-16 rounded-lg bg-sand/50 object-cover ring-1 ring-sand"
                    />
                    <button
                      type="button"
                      aria-label={`Remove photo ${i + 1}`}
                      onClick={() => {
                        change((c) => ({ photos: c.photos.filter((p) => p !== url) }));
                        fileInput.current?.focus();
                      }}
                      className="min-h-11 rounded-md px-2 text-xs font-medium text-teal underline-offset-4 hover:underline"
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {itemError && <p className="text-sm text-red-700">{itemError}</p>}
        </div>
      )}
    </fieldset>
  );
}

interface RefundToFieldsProps {
  refundBy: 'upi' | 'bank';
  setRefundBy: (by: 'upi' | 'bank') => void;
  upi: string;
  setUpi: (v: string) => void;
  bank: { accountNumber: string; ifsc: string; name: string };
  setBank: (field: 'accountNumber' | 'ifsc' | 'name', v: string) => void;
  errors: Errors;
}

/** A cash order's refund has no payment to go back to: the shop pays it by UPI or bank transfer. */
function RefundToFields({ refundBy, setRefundBy, upi, setUpi, bank, setBank, errors }: RefundToFieldsProps) {
  const id = useId();
  return (
    <fieldset
      aria-describedby={errors.refundTo ? `${id}-error` : `${id}-note`}
      className="rounded-xl border border-sand p-3"
    >
      <legend className="px-1 text-sm font-semibold text-ink">Where should we send your refund?</legend>
      <p id={`${id}-note`} className="text-xs text-ink-soft">
        You paid cash on delivery, so the shop sends your refund by UPI or bank transfer.
      </p>
      <div className="mt-2 grid grid-cols-2 gap-2">
        <RadioCard
          name={`${id}-by`}
          value="upi"
          checked={refundBy === 'upi'}
          onChange={() => setRefundBy('upi')}
        >
          <span className="text-sm text-ink">UPI</span>
        </RadioCard>
        <RadioCard
          name={`${id}-by`}
          value="bank"
          checked={refundBy === 'bank'}
          onChange={() => setRefundBy('bank')}
        >
          <span className="text-sm text-ink">Bank account</span>
        </RadioCard>
      </div>
      {refundBy === 'upi' ? (
        <TextField
          wrapperClassName="mt-3"
          label="UPI ID"
          placeholder="name@bank"
          value={upi}
          onChange={(e) => setUpi(e.target.value)}
          error={errors['refundTo.upi']}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="email"
        />
      ) : (
        <div className="mt-3 grid gap-3">
          <TextField
            label="Account number"
            value={bank.accountNumber}
            onChange={(e) => setBank('accountNumber', e.target.value)}
            error={errors['refundTo.accountNumber']}
            autoComplete="off"
            inputMode="numeric"
          />
          <TextField
            label="IFSC"
            placeholder="SBIN0001234"
            value={bank.ifsc}
            onChange={(e) => setBank('ifsc', e.target.value)}
            error={errors['refundTo.ifsc']}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={11}
          />
          <TextField
            label="Account holder’s name"
            value={bank.name}
            onChange={(e) => setBank('name', e.target.value)}
            error={errors['refundTo.name']}
            autoComplete="name"
          />
        </div>
      )}
      {errors.refundTo && (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-700">
          {errors.refundTo}
        </p>
      )}
    </fieldset>
  );
}
