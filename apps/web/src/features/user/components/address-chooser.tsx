import type { Address } from '@shop/shared/address';
import { cx } from '../../../components/ui/cx';
import { RadioCard } from '../../../components/ui/radio-card';
import { AddressCard } from './address-card';
import { AddressForm } from './address-form';

export interface AddressChooserProps {
  addresses: readonly Address[];
  selected: number | null;
  onSelect: (index: number) => void;
  /** The new-address form is open (it always is while there is no saved address). */
  adding: boolean;
  onAdd: (address: Address) => Promise<unknown>;
  onCancelAdding: () => void;
  /** What a new address starts with: the user's own name, email and phone. */
  defaults: Partial<Address>;
}

export function AddressChooser({
  addresses,
  selected,
  onSelect,
  adding,
  onAdd,
  onCancelAdding,
  defaults,
}: AddressChooserProps) {
  const saved = addresses.length > 0;
  return (
    <>
      {saved && (
        <fieldset>
          <legend className="sr-only">Choose a saved address</legend>
          <div className="grid gap-3">
            {addresses.map((a, i) => (
              <RadioCard
                key={`${a.name}-${a.street}-${i}`}
                name="address"
                checked={selected === i}
                onChange={() => onSelect(i)}
                aria-label={`${a.name}, ${a.street}, ${a.city}`}
              >
                <AddressCard address={a} className="flex-1" />
              </RadioCard>
            ))}
          </div>
        </fieldset>
      )}
      {(adding || !saved) && (
        <div className={cx(saved && 'mt-6 border-t border-sand pt-6')}>
          <h3 className="mb-4 font-sans text-base font-semibold text-ink">New address</h3>
          <AddressForm
            submitLabel="Save Address"
            onSubmit={onAdd}
            onCancel={saved ? onCancelAdding : undefined}
            defaultValues={defaults}
          />
        </div>
      )}
    </>
  );
}
