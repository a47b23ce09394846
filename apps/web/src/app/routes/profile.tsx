import { useEffect, useState } from 'react';
import { MapPinned, Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { MESSAGES } from '@shop/shared/messages';
import type { Address } from '@shop/shared/address';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { PageSpinner } from '../../components/ui/spinner';
import { AddressCard } from '../../features/user/components/address-card';
import { AddressForm } from '../../features/user/components/address-form';
import { ProfileCard } from '../../features/user/components/profile-card';
import {
  fetchLoggedInUser,
  selectUserInfo,
  selectUserStatus,
  updateUser,
} from '../../features/user/user-slice';
import { rejectionMessage } from '../../lib/thunk';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PageFrame } from '../layout/page-frame';

/** SPEC §2 address modes: adding, editing one at a time, or none; delete asks first. */
type Mode = { kind: 'none' } | { kind: 'adding' } | { kind: 'editing'; index: number };

/** SPEC §2 My Profile: the profile card and saved-address management. */
export default function ProfilePage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUserInfo);
  const saving = useAppSelector(selectUserStatus) === 'loading';
  const [mode, setMode] = useState<Mode>({ kind: 'none' });
  const [deleting, setDeleting] = useState<number | null>(null);

  useEffect(() => {
    void dispatch(fetchLoggedInUser());
  }, [dispatch]);

  if (!user) {
    return (
      <PageFrame>
        <PageSpinner />
      </PageFrame>
    );
  }

  const addresses = user.addresses;

  async function save(next: Address[], success: string): Promise<boolean> {
    if (!user) return false;
    const r = await dispatch(updateUser({ id: user.id, addresses: next }));
    if (updateUser.fulfilled.match(r)) {
      toast.success(success);
      return true;
    }
    toast.error(rejectionMessage(r));
    return false;
  }

  async function add(address: Address) {
    if (await save([...addresses, address], MESSAGES.addressAdded)) setMode({ kind: 'none' });
  }

  async function edit(index: number, address: Address) {
    if (
      await save(
        addresses.map((a, i) => (i === index ? address : a)),
        MESSAGES.addressUpdated,
      )
    )
      setMode({ kind: 'none' });
  }

  async function remove() {
    if (deleting === null) return;
    const index = deleting;
    if (
      await save(
        addresses.filter((_, i) => i !== index),
        MESSAGES.addressDeleted,
      )
    ) {
      setDeleting(null);
      if (mode.kind === 'editing') setMode({ kind: 'none' });
    }
  }

  return (
    <PageFrame className="max-w-5xl space-y-8">
      <ProfileCard user={user} />

      <section
        aria-labelledby="addresses-title"
        className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-sand/70 sm:p-8"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="addresses-title" className="text-2xl font-semibold text-ink">
              Saved Addresses
            </h2>
            <p className="mt-1 text-sm text-ink-soft">
              Where should our fairy deliver? Keep your favourite addresses here for a quicker checkout.
            </p>
          </div>
          {mode.kind !== 'adding' && (
            <Button
              variant="secondary"
              onClick={() => setMode({ kind: 'adding' })}
              icon={<Plus aria-hidden="true" className="size-4" />}
            >
              Add Address
            </Button>
          )}
        </div>

        {mode.kind === 'adding' && (
          <div className="mt-6 rounded-xl border border-dashed border-teal/50 bg-ivory/60 p-5">
            <h3 className="mb-4 font-sans text-base font-semibold text-ink">New address</h3>
            <AddressForm
              submitLabel="Save Address"
              onSubmit={add}
              onCancel={() => setMode({ kind: 'none' })}
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
                      onSubmit={(next) => edit(i, next)}
                      onCancel={() => setMode({ kind: 'none' })}
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
      </section>

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
    </PageFrame>
  );
}
