import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { addressSchema, type Address } from '@shop/shared/address';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

type FieldName = keyof Address;

/** The form's fields in reading order; on wide screens name/email/phone, then street, then city/state/PIN. */
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
  { name: 'city', label: 'City', span: 'sm:col-span-2', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', span: 'sm:col-span-2', autoComplete: 'address-level1' },
  {
    name: 'pinCode',
    label: 'PIN Code',
    span: 'sm:col-span-2',
    autoComplete: 'postal-code',
    inputMode: 'numeric',
  },
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
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Address>({
    resolver: zodResolver(addressSchema),
    defaultValues: { ...EMPTY, ...defaultValues },
  });

  const submit = handleSubmit(async (address) => {
    await onSubmit(address);
    if (resetOnSubmit) reset(EMPTY);
  });

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-x-4 gap-y-4 sm:grid-cols-6">
      {FIELDS.map(({ name, span, ...input }) => (
        <TextField
          key={name}
          error={errors[name]?.message}
          wrapperClassName={span}
          {...input}
          {...register(name)}
        />
      ))}
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
