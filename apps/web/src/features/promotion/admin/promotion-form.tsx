import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { AlertTriangle, Save } from 'lucide-react';
import { PROMOTION_KIND_LABELS, PROMOTION_KINDS, type Promotion, type PromotionKind } from '@shop/shared/promotions';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormSection } from '../../../components/ui/form-section';
import { RadioCard } from '../../../components/ui/radio-card';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/error-text';
import {
  bodyOf,
  changedFields,
  checkPromotionForm,
  toFormValues,
  type PromotionFormErrors,
  type PromotionFormField,
  type PromotionFormInput,
} from './promotion-form-values';
import { useCreatePromotionMutation, useUpdatePromotionMutation } from './promotions-api';

type OptionList = readonly { value: string; label: string }[];

export interface PromotionFormProps {
  /** The promotion to edit; none for a new one. */
  promotion?: Promotion;
  /** The catalogue's categories and brands, as the product form offers them. */
  categories: OptionList;
  brands: OptionList;
  /** After the server saved it (an edit that changed nothing too). */
  onSaved: (p: Promotion, created: boolean) => void;
  onCancel: () => void;
}

const KIND_OPTIONS = PROMOTION_KINDS.map((k) => ({ value: k, label: PROMOTION_KIND_LABELS[k] }));

const VALUE_LABELS: Partial<Record<PromotionKind, { label: string; hint: string }>> = {
  percent: { label: 'Percent off (%)', hint: 'More than 0 and at most 100.' },
  fixed: { label: 'Amount off (₹)', hint: 'In rupees.' },
  prepaid: { label: 'Amount off for paying online (₹)', hint: 'For orders paid by card or UPI, not cash on delivery.' },
};

/** Where a submit with problems puts the focus: the first field with one, in the form's order. */
const FIELD_ORDER: PromotionFormField[] = [
  'name', 'kind', 'value', 'appliesTo', 'buyQuantity', 'getQuantity', 'getPercent', 'maxApplications', 'code',
  'startDate', 'startTime', 'endDate', 'endTime', 'minOrderRupees', 'usageLimit', 'budgetRupees',
  'perCustomerLimit', 'categories', 'brands', 'productIds', 'priority',
];

const money = { type: 'number', inputMode: 'decimal', min: 0, step: 'any' } as const;
const whole = { type: 'number', inputMode: 'numeric', step: 1 } as const;

/** One choice as a pill: a checkbox or a radio button inside its label. */
function Pill({ children, ...input }: { children: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-sand px-3 text-sm text-ink has-[:checked]:border-maroon has-[:checked]:bg-maroon/5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-teal lg:min-h-9">
      <input {...input} className="size-4 accent-maroon" />
      {children}
    </label>
  );
}

/** Checkbox pills for a list of names (categories, brands): a fieldset named by its legend. */
function ChoiceChips({
  id,
  legend,
  options,
  chosen,
  onChange,
  error,
  empty,
}: {
  id: string;
  legend: string;
  options: OptionList;
  chosen: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
  empty: string;
}) {
  // A saved name no longer in the catalogue stays choosable rather than silently dropped.
  const all = [...options, ...chosen.filter((c) => !options.some((o) => o.value === c)).map((c) => ({ value: c, label: c }))];
  const toggle = (value: string) =>
    onChange(chosen.includes(value) ? chosen.filter((c) => c !== value) : [...chosen, value]);
  return (
    <fieldset id={id} tabIndex={-1} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      {all.length === 0 ? (
        <p className="mt-1.5 text-sm text-ink-soft">{empty}</p>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          {all.map((o) => (
            <Pill key={o.value} type="checkbox" checked={chosen.includes(o.value)} onChange={() => toggle(o.value)}>
              {o.label}
            </Pill>
          ))}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Two or three choices in a row (the order or each item; everything or some). */
function InlineChoice<T extends string>({
  id,
  legend,
  name,
  value,
  options,
  onChange,
}: {
  id: string;
  legend: string;
  name: string;
  value: T;
  options: readonly { value: T; label: ReactNode }[];
  onChange: (v: T) => void;
}) {
  return (
    <fieldset id={id}>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((o) => (
          <Pill key={o.value} type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)}>
            {o.label}
          </Pill>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A new promotion or an edited one, in titled sections (docs/style.md, Look: admin forms). The body is
 * checked with the API's own schema before it is sent; the server's refusal shows above the buttons.
 */
export function PromotionForm({ promotion, categories, brands, onSaved, onCancel }: PromotionFormProps) {
  const uid = useId();
  const idFor = (field: PromotionFormField) => `${uid}-${field}`;
  const [v, setValues] = useState<PromotionFormInput>(() => toFormValues(promotion));
  const [errors, setErrors] = useState<PromotionFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [create, creating] = useCreatePromotionMutation();
  const [update, updating] = useUpdatePromotionMutation();
  const busy = creating.isLoading || updating.isLoading;
  const editing = promotion !== undefined;

  function set<K extends PromotionFormField>(field: K, value: PromotionFormInput[K]) {
    setValues((old) => ({ ...old, [field]: value }));
    // A field's problem goes once it is touched again; the rest wait for the next submit.
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  }

  // Props for a text field bound to one form field: its id, value, change and error.
  const bind = (field: Exclude<PromotionFormField, 'newCustomersOnly' | 'exclusive' | 'enabled' | 'categories' | 'brands'>) => ({
    id: idFor(field),
    value: v[field],
    onChange: (e: { target: { value: string } }) => set(field, e.target.value as PromotionFormInput[typeof field]),
    error: errors[field],
  });

  async function submit() {
    setRefusal(null);
    const checked = checkPromotionForm(v);
    if ('errors' in checked) {
      setErrors(checked.errors);
      const first = FIELD_ORDER.find((f) => checked.errors[f] !== undefined);
      if (first) document.getElementById(idFor(first))?.focus();
      return;
    }
    setErrors({});
    if (promotion) {
      const patch = changedFields(bodyOf(promotion), checked.body);
      if (Object.keys(patch).length === 0) return onSaved(promotion, false);
      const result = await update({ id: promotion.id, body: patch });
      if (result.error) setRefusal(errorText(result.error));
      else onSaved(result.data, false);
    } else {
      const result = await create(checked.body);
      if (result.error) setRefusal(errorText(result.error));
      else onSaved(result.data, true);
    }
  }

  const valueLabel = VALUE_LABELS[v.kind];

  return (
    <form
      noValidate
      aria-label={editing ? `Edit ${promotion.name}` : 'New promotion'}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="space-y-6"
    >
      <FormSection title="The offer" description="What the shopper gets.">
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label="Name"
            autoComplete="off"
            maxLength={80}
            placeholder="Diwali Sale"
            hint="Shoppers see it on the product, in the cart and on their order."
            wrapperClassName="md:col-span-2"
            {...bind('name')}
          />
          <Select
            label="Kind"
            options={KIND_OPTIONS}
            {...bind('kind')}
          />
          {valueLabel && (
            <TextField
              label={valueLabel.label}
              hint={valueLabel.hint}
              {...money}
              max={v.kind === 'percent' ? 100 : undefined}
              {...bind('value')}
            />
          )}
          {v.kind === 'fixed' && (
            <div className="md:col-span-2">
              <InlineChoice
                id={idFor('appliesTo')}
                legend="Take the amount off"
                name={`${uid}-applies-to`}
                value={v.appliesTo}
                onChange={(x) => set('appliesTo', x)}
                options={[
                  { value: 'order', label: 'the order (shared over its items)' },
                  { value: 'each', label: 'each item' },
                ]}
              />
            </div>
          )}
          {v.kind === 'buy_x_get_y' && (
            <div className="grid gap-5 sm:grid-cols-2 md:col-span-2 lg:grid-cols-4">
              <TextField label="Buy (pieces)" {...whole} min={1} max={100} {...bind('buyQuantity')} />
              <TextField label="Get (pieces)" {...whole} min={1} max={100} {...bind('getQuantity')} />
              <TextField label="Get … % off" hint="100 = free" {...whole} min={1} max={100} {...bind('getPercent')} />
              <TextField
                label="Times per order"
                hint="Empty: as often as the cart holds sets"
                {...whole}
                min={1}
                {...bind('maxApplications')}
              />
            </div>
          )}
        </div>
      </FormSection>

      <FormSection title="How shoppers get it">
        <div role="radiogroup" aria-label="How it applies" className="grid gap-3 sm:grid-cols-2">
          <RadioCard name={`${uid}-applies`} value="automatic" checked={v.applies === 'automatic'} onChange={() => set('applies', 'automatic')}>
            <span className="text-sm">
              <span className="block font-semibold text-ink">Automatic</span>
              <span className="text-ink-soft">A sale shown on the shop: prices drop by themselves.</span>
            </span>
          </RadioCard>
          <RadioCard name={`${uid}-applies`} value="code" checked={v.applies === 'code'} onChange={() => set('applies', 'code')}>
            <span className="text-sm">
              <span className="block font-semibold text-ink">With a code</span>
              <span className="text-ink-soft">The shopper types it in the cart.</span>
            </span>
          </RadioCard>
        </div>
        {v.applies === 'code' && (
          <TextField
            label="Code"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            placeholder="DIWALI20"
            hint="3 to 40 letters, digits, - or _. Single-use codes can be made once it is saved."
            className="font-mono uppercase"
            wrapperClassName="mt-5 max-w-sm"
            {...bind('code')}
            onChange={(e) => set('code', e.target.value.toUpperCase())}
          />
        )}
      </FormSection>

      <FormSection title="When" description="In India’s time (IST). Leave the end empty for no end.">
        <div className="grid grid-cols-2 gap-x-3 gap-y-5 sm:gap-x-5 lg:grid-cols-4">
          <TextField label="Starts on" type="date" {...bind('startDate')} />
          <TextField label="Start time" type="time" {...bind('startTime')} />
          <TextField label="Ends on" type="date" {...bind('endDate')} />
          <TextField label="End time" type="time" hint="Empty: 11:59 pm" {...bind('endTime')} />
        </div>
      </FormSection>

      <FormSection title="Limits" description="Leave a limit empty for none.">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Minimum order (₹)" placeholder="0" {...money} {...bind('minOrderRupees')} />
          <TextField label="Uses in all" {...whole} min={1} {...bind('usageLimit')} />
          <TextField label="Budget (₹)" hint="The most it may give away in all." {...money} {...bind('budgetRupees')} />
          <TextField label="Uses per customer" {...whole} min={1} {...bind('perCustomerLimit')} />
          <Checkbox
            label="New customers only (a first order)"
            checked={v.newCustomersOnly}
            onChange={(e) => set('newCustomersOnly', e.target.checked)}
            className="sm:col-span-2"
          />
        </div>
      </FormSection>

      <FormSection title="What it covers">
        <InlineChoice
          id={`${uid}-scope`}
          legend="Covers"
          name={`${uid}-scope`}
          value={v.scope}
          onChange={(x) => set('scope', x)}
          options={[
            { value: 'all', label: 'Everything' },
            { value: 'some', label: 'Chosen categories, brands or products' },
          ]}
        />
        {v.scope === 'some' && (
          <div className="mt-5 space-y-5">
            <ChoiceChips
              id={idFor('categories')}
              legend="Categories"
              options={categories}
              chosen={v.categories}
              onChange={(x) => set('categories', x)}
              error={errors.categories}
              empty="No categories yet: add them on a product."
            />
            <ChoiceChips
              id={idFor('brands')}
              legend="Brands"
              options={brands}
              chosen={v.brands}
              onChange={(x) => set('brands', x)}
              error={errors.brands}
              empty="No brands yet: add them on a product."
            />
            <TextField
              label="Products (ids)"
              inputMode="numeric"
              autoComplete="off"
              placeholder="12, 15, 40"
              hint="Separated by commas: the number in a product’s address (/product-detail/12)."
              wrapperClassName="max-w-md"
              {...bind('productIds')}
            />
          </div>
        )}
      </FormSection>

      <FormSection title="Order and switch">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Priority"
            hint="A number: higher goes first when offers meet."
            {...whole}
            min={-1000}
            max={1000}
            {...bind('priority')}
          />
          <div className="space-y-1 sm:pt-6">
            <Checkbox
              label="Cannot be combined with other offers"
              checked={v.exclusive}
              onChange={(e) => set('exclusive', e.target.checked)}
            />
            <Checkbox
              role="switch"
              label={
                <span>
                  Switched on<span className="text-ink-soft"> (off, it applies nowhere whatever its dates)</span>
                </span>
              }
              checked={v.enabled}
              onChange={(e) => set('enabled', e.target.checked)}
            />
          </div>
        </div>
      </FormSection>

      {refusal && (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800"
        >
          <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
          {refusal}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 border-t border-sand pt-5 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} icon={<Save aria-hidden="true" className="size-4" />}>
          {editing ? 'Save changes' : 'Create promotion'}
        </Button>
      </div>
    </form>
  );
}
