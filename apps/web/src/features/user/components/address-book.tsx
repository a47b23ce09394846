import { useState } from 'react';
import { MapPinned, Pencil, Plus, Trash2 } from 'lucide-react';
import type { Address } from '@shop/shared/address';
import { MESSAGES } from '@shop/shared/messages';
import type { User } from '@shop/shared/user';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useSaveAddresses } from '../use-save-addresses';
import { AddressCard } from './address-card';
import { AddressForm } from './address-form';
import { ProfileSection } from './profile-section';

type Mode = { kind: 'none' } | { kind: 'adding' } | { kind: 'editing'; index: number };

export function AddressBook({ user }: { user: User }) {
  const { save: saveAddresses, saving } = useSaveAddresses();
  const [mode, setMode] = useState<Mode>({ kind: 'none' });
  const [deleting, setDeleting] = useState<number | null>(null);
  const addresses = user.addresses;

  async function save(next: Address[], success: string, then: () => void) {
    if (await saveAddresses(user, next, success)) then();
  }
  const done = () => setMode({ kind: 'none' });

  async function remove() {
    if (deleting === null) return;
    await save(
      addresses.filter((_, i) => i !== deleting),
      MESSAGES.addressDeleted,
      () => {
        setDeleting(null);
        if (mode.kind === 'editing') done();
      },
    );
  }

  return (
    <ProfileSection
      title="Saved Addresses"
      description="Where should our fairy deliver? Keep your favourite addresses here for a quicker checkout."
      action={
        mode.kind !== 'adding' && (
          <Button
            variant="secondary"
            onClick={() => setMode({ kind: 'adding' })}
            icon={<Plus aria-hidden="true" className="size-4" />}
          >
            Add Address
          </Button>
        )
      }
    >
      {mode.kind === 'adding' && (
        <div className="mt-6 rounded-xl border border-dashed border-teal/50 bg-ivory/60 p-5">
          <h3 className="mb-4 font-sans text-base font-semibold text-ink">New address</h3>
          <AddressForm
            submitLabel="Save Address"
            onSubmit={(a) => save([...addresses, a], MESSAGES.addressAdded, done)}
            onCancel={done}
            defaultValues={
              addresses.length === 0
                ? { name: user.name, email: user.email, phone: user.phoneNumber }
                : undefined
            }
          />
        </div>
      )}

      {addresses.length === 0 && mode.kind !== 'adding' ? (
        <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-sand px-6 py-10 text-center">
          <MapPinned aria-hidden="true" className="size-10 text-maroon/70" />
          <p className="mt-3 font-serif text-lg font-semibold text-ink">No saved addresses yet</p>
          <p className="mt-1 text-sm text-ink-soft">Add one now and checkout will be a single tap.</p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4">
          {addresses.map((a, i) => (
            <li key={`${i}-${a.name}-${a.street}`} className="rounded-xl border border-sand p-4 sm:p-5">
              {mode.kind === 'editing' && mode.index === i ? (
                <>
                  <h3 className="mb-4 font-sans text-base font-semibold text-ink">Edit address</h3>
                  <AddressForm
                    defaultValues={a}
                    submitLabel="Update Address"
                    onSubmit={(next) =>
                      save(
                        addresses.map((old, j) => (j === i ? next : old)),
                        MESSAGES.addressUpdated,
                        done,
                      )
                    }
                    onCancel={done}
                  />
                </>
              ) : (
                <AddressCard
                  address={a}
                  actions={
                    <>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setMode({ kind: 'editing', index: i })}
                        icon={<Pencil aria-hidden="true" className="size-4" />}
                        aria-label={`Edit address of ${a.name}, ${a.street}`}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setDeleting(i)}
                        icon={<Trash2 aria-hidden="true" className="size-4" />}
                        aria-label={`Delete address of ${a.name}, ${a.street}`}
                        className="text-red-700 hover:border-red-300 hover:bg-red-50"
                      >
                        Delete
                      </Button>
                    </>
                  }
                />
              )}
            </li>
          ))}
        </ul>
      )}

      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete address"
        description="Are you sure you want to delete this address?"
        confirmLabel="Delete"
        confirmVariant="danger"
        confirmLoading={saving}
        onConfirm={() => void remove()}
      >
        {deleting !== null && addresses[deleting] && (
          <AddressCard address={addresses[deleting]} className="rounded-lg bg-ivory p-3" />
        )}
      </Modal>
    </ProfileSection>
  );
}
