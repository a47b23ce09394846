import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { addressSchema, type Address } from '@shop/shared/address';
import { indianStateOf, STATE_NAMES } from '@shop/shared/indian-states';
import { normalisePin, type PincodeAnswer } from '@shop/shared/pin';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { usePinLookup } from '../use-pin-lookup';

type FieldName = keyof Address;

/** The form's fields in reading order; on wide screens name/email/phone, then street, then PIN/city/state (the PIN fills the other two). */
const FIELDS: {
  name: FieldName;
  label: string;
  span: string;
  type?: string;
  autoComplete: string;
  inputMode?: 'numeric';
  autoCapitalize?: 'characters';
  hint?: string;
}[] = [
  { name: 'name', label: 'Full name', span: 'sm:col-span-3', autoComplete: 'name' },
  { name: 'email', label: 'Email', span: 'sm:col-span-3', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', span: 'sm:col-span-3', type: 'tel', autoComplete: 'tel' },
  { name: 'street', label: 'Street address', span: 'sm:col-span-6', autoComplete: 'street-address' },
  {
    name: 'pinCode',
    label: 'PIN Code',
    span: 'sm:col-span-2',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
  },
  { name: 'city', label: 'City', span: 'sm:col-span-2', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', span: 'sm:col-span-2', autoComplete: 'address-level1' },
  {
    name: 'gstin',
    label: 'GSTIN (for a business purchase)',
    span: 'sm:col-span-3',
    autoComplete: 'off',
    autoCapitalize: 'characters',
    hint: 'Optional: the invoice then names your business and its GSTIN',
  },
  { name: 'businessName', label: 'Business name (optional)', span: 'sm:col-span-3', autoComplete: 'organization' },
];

const STATE_OPTIONS = STATE_NAMES.map((name) => ({ value: name, label: name }));

const EMPTY: Address = { name: '', email: '', phone: '', street: '', city: '', state: '', pinCode: '', gstin: '', businessName: '' };

export interface AddressFormProps {
  defaultValues?: Partial<Address>;
  onSubmit: (address: Address) => Promise<unknown> | void;
  onCancel?: () => void;
  submitLabel?: string;
  /** Clear the fields after a successful save (adding several addresses in a row). */
  resetOnSubmit?: boolean;
}

/** The address form (checkout and profile): every field required but a business's GSTIN and name, the shared schema's messages. */
export function AddressForm({
  defaultValues,
  onSubmit,
  onCancel,
  submitLabel = 'Save Address',
  resetOnSubmit = false,
}: AddressFormProps) {
  const initial = { ...EMPTY, ...defaultValues };
  const initialPin = normalisePin(initial.pinCode);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    getValues,
    setValue,
    setFocus,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<Address>({
    resolver: zodResolver(addressSchema),
    // The state is chosen from the 36; a saved address's free text picks its match, if it has one.
    defaultValues: { ...initial, state: indianStateOf(initial.state) ?? '' },
  });
  const filledCity = useRef<string | null>(null);

  // A new PIN fills the state, and the city unless the shopper wrote their own.
  function fill(answer: PincodeAnswer) {
    const touch = { shouldDirty: true, shouldValidate: isSubmitted };
    const editing = answer.pin === initialPin;
    if (!editing || !getValues('state')) setValue('state', indianStateOf(answer.state) ?? '', touch);
    const city = getValues('city').trim();
    if (city === '' || (!editing && city === filledCity.current)) {
      setValue('city', answer.district, touch);
      filledCity.current = answer.district;
    }
  }

  const typedPin = watch('pinCode');
  const pin = usePinLookup(typedPin, fill);
  const [refusal, setRefusal] = useState<{ pin: string; message: string } | null>(null);
  const pinProblem =
    errors.pinCode?.message ?? (refusal?.pin === typedPin ? refusal.message : null) ?? pin.problem ?? undefined;

  const submit = handleSubmit(async (address) => {
    const problem = await pin.check(address.pinCode);
    if (problem) {
      setRefusal({ pin: getValues('pinCode'), message: problem });
      setFocus('pinCode');
      return;
    }
    await onSubmit({ ...address, pinCode: normalisePin(address.pinCode) });
    if (resetOnSubmit) {
      reset(EMPTY);
      filledCity.current = null;
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-x-4 gap-y-4 sm:grid-cols-6">
      {FIELDS.map(({ name, span, ...input }) =>
        name === 'state' ? (
          <Select
            key={name}
            label={input.label}
            autoComplete={input.autoComplete}
            error={errors.state?.message}
            wrapperClassName={span}
            options={STATE_OPTIONS}
            placeholder="Choose a state"
            {...register('state')}
          />
        ) : (
          <TextField
            key={name}
            wrapperClassName={span}
            {...input}
            {...register(name)}
            error={name === 'pinCode' ? pinProblem : errors[name]?.message}
            hint={name === 'pinCode' ? (pin.note ?? undefined) : input.hint}
          />
        ),
      )}
      <div className="flex flex-col-reverse gap-3 sm:col-span-6 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
