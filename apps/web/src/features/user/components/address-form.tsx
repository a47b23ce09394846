import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { addressSchema, type Address } from '@shop/shared/address';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

const EMPTY: Address = { name: '', email: '', phone: '', street: '', city: '', state: '', pinCode: '' };

export interface AddressFormProps {
  defaultValues?: Partial<Address>;
  onSubmit: (address: Address) => Promise<unknown> | void;
  onCancel?: () => void;
  submitLabel?: string;
  /** Clear the fields after a successful save (adding several addresses in a row). */
  resetOnSubmit?: boolean;
}

/** SPEC §5 address form (checkout and profile): every field required, the shared schema's messages. */
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
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.name?.message}
        wrapperClassName="sm:col-span-3"
        {...register('name')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        wrapperClassName="sm:col-span-3"
        {...register('email')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        wrapperClassName="sm:col-span-3"
        {...register('phone')}
      />
      <TextField
        label="Street address"
        autoComplete="street-address"
        error={errors.street?.message}
        wrapperClassName="sm:col-span-6"
        {...register('street')}
      />
      <TextField
        label="City"
        autoComplete="address-level2"
        error={errors.city?.message}
        wrapperClassName="sm:col-span-2"
        {...register('city')}
      />
      <TextField
        label="State"
        autoComplete="address-level1"
        error={errors.state?.message}
        wrapperClassName="sm:col-span-2"
        {...register('state')}
      />
      <TextField
        label="PIN Code"
        inputMode="numeric"
        autoComplete="postal-code"
        error={errors.pinCode?.message}
        wrapperClassName="sm:col-span-2"
        {...register('pinCode')}
      />
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
