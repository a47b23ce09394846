import { useState } from 'react';
import { toast } from 'react-toastify';
import { MailQuestion, UserMinus, Users } from 'lucide-react';
import type { StaffInvite, StaffMember } from '@shop/shared/staff';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Modal } from '../../../components/ui/modal';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorText } from '../../../lib/error-text';
import { useGetStaffQuery, useRemoveStaffMutation, useRevokeStaffInviteMutation } from '../staff-api';

const date = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

type Pending = { kind: 'remove'; who: StaffMember } | { kind: 'revoke'; who: StaffInvite };

/** The staff and the pending invitations, each with its way out behind a confirmation. */
export function StaffLists() {
  const { data, isError } = useGetStaffQuery();
  const [remove, removing] = useRemoveStaffMutation();
  const [revoke, revoking] = useRevokeStaffInviteMutation();
  const [pending, setPending] = useState<Pending | null>(null);

  async function confirm() {
    if (!pending) return;
    const result = pending.kind === 'remove' ? await remove(pending.who.id) : await revoke(pending.who.id);
    setPending(null);
    if (result.error) toast.error(errorText(result.error));
    else toast.success(result.data.message);
  }

  if (isError)
    return (
      <p role="alert" className="mt-8 text-red-700">
        The staff could not be loaded. Please reload.
      </p>
    );
  if (!data) return <PageSpinner />;
  return (
    <>
      <section aria-labelledby="staff-members" className="mt-8">
        <h2 id="staff-members" className="font-serif text-xl font-semibold text-ink">
          Staff Members
        </h2>
        {data.staff.length === 0 ? (
          <EmptyState
            className="mt-4 py-10"
            icon={<Users className="size-8" />}
            title="No staff yet"
            message="Invite the people who pack orders and keep the catalogue up to date."
          />
        ) : (
          <ul className="mt-4 divide-y divide-sand/70 rounded-xl bg-white shadow-sm ring-1 ring-sand/70">
            {data.staff.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
                <div className="min-w-0">
                  <p className="font-semibold text-ink">{m.name}</p>
                  <p className="text-sm break-all text-ink-soft">{m.email}</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Remove ${m.name}`}
                  onClick={() => setPending({ kind: 'remove', who: m })}
                >
                  <UserMinus aria-hidden="true" className="size-4" />
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="staff-invites" className="mt-8">
        <h2 id="staff-invites" className="font-serif text-xl font-semibold text-ink">
          Pending Invitations
        </h2>
        {data.invites.length === 0 ? (
          <p className="mt-3 flex items-center gap-2 text-sm text-ink-soft">
            <MailQuestion aria-hidden="true" className="size-4" />
            No invitation is waiting for an answer.
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-sand/70 rounded-xl bg-white shadow-sm ring-1 ring-sand/70">
            {data.invites.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-4">
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                    {i.name} <Badge tone="yellow">Invited {date(i.invitedAt)}</Badge>
                  </p>
                  <p className="text-sm break-all text-ink-soft">
                    {i.email} · link valid until {date(i.expiresAt)}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Revoke the invitation of ${i.name}`}
                  onClick={() => setPending({ kind: 'revoke', who: i })}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Modal
        open={pending !== null}
        onClose={() => setPending(null)}
        title={pending?.kind === 'revoke' ? 'Revoke this invitation?' : 'Remove this staff member?'}
        description={
          pending?.kind === 'revoke'
            ? `The link mailed to ${pending.who.email} will stop working.`
            : `${pending?.who.name ?? ''} is signed out everywhere at once and can no longer open the admin. Their account stays, as a shopper's.`
        }
        confirmLabel={pending?.kind === 'revoke' ? 'Revoke' : 'Remove'}
        confirmVariant="danger"
        confirmLoading={removing.isLoading || revoking.isLoading}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
