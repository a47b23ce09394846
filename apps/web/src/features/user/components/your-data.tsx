import { useState, type FormEvent } from 'react';
import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { MESSAGES } from '@shop/shared/messages';
import type { User } from '@shop/shared/user';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { PasswordField } from '../../../components/ui/password-field';
import { API_BASE } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { personalDataPath, useDeleteAccountMutation } from '../user-api';
import { ProfileSection } from './profile-section';

function DeleteAccountDialog({
  user,
  open,
  onClose,
  onDeleted,
}: {
  user: User;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  // A wrong password is the field's fault (400); an open order or a busy server is not.
  const [refusal, setRefusal] = useState<string | null>(null);

  const close = () => {
    setPassword('');
    setFailure(null);
    setRefusal(null);
    onClose();
  };
  async function submit(e?: FormEvent) {
    e?.preventDefault();
    setFailure(null);
    setRefusal(null);
    if (!password) return setFailure('Password is required');
    const result = await deleteAccount({ id: user.id, password });
    if (result.error) {
      if ('status' in result.error && result.error.status === 400) return setFailure(errorText(result.error));
      return setRefusal(errorText(result.error));
    }
    toast.success(MESSAGES.accountDeleted);
    onDeleted();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Delete your account?"
      description="This cannot be undone. Your profile, saved addresses and cart go, and you can no longer sign in with this email."
      confirmLabel="Delete My Account"
      confirmVariant="danger"
      confirmLoading={isLoading}
      onConfirm={() => void submit()}
      cancelLabel="Keep My Account"
    >
      <p className="text-sm text-ink-soft">
        Your past orders and their invoices stay with the shop, as the law asks, without your name, email or
        phone.
      </p>
      {/* One field, so Enter submits it as the confirm button does. */}
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-4">
        <PasswordField
          label="Your password, to confirm"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={failure ?? undefined}
        />
      </form>
      {refusal && (
        <p role="alert" className="mt-4 rounded-lg bg-gold/15 px-4 py-3 text-sm text-ink">
          {refusal}
        </p>
      )}
    </Modal>
  );
}

/** docs/product.md, My Profile: what the shop holds about the shopper, to take away or to erase. */
export function YourData({ user, onAccountDeleted }: { user: User; onAccountDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <ProfileSection
      title="Your Data"
      icon={<ShieldCheck aria-hidden="true" className="mt-1 size-6 shrink-0 text-teal" />}
      description="It is yours. Take a copy of everything we keep about you, or close your account."
    >
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <div className="flex flex-col justify-between gap-4 rounded-xl border border-sand p-5">
          <div>
            <h3 className="font-sans text-base font-semibold text-ink">Download my data</h3>
            <p className="mt-1 text-sm text-ink-soft">
              Your profile, saved addresses and every order with its items, totals and status, in one JSON
              file.
            </p>
          </div>
          <a
            href={`${API_BASE}${personalDataPath(user.id)}`}
            download
            className={buttonClasses('outline', 'md', 'self-start')}
          >
            <Download aria-hidden="true" className="size-4" />
            Download My Data
          </a>
        </div>
        <div className="flex flex-col justify-between gap-4 rounded-xl border border-red-200 bg-red-50/40 p-5">
          <div>
            <h3 className="font-sans text-base font-semibold text-ink">Delete my account</h3>
            <p className="mt-1 text-sm text-ink-soft">
              Orders still on their way must be delivered or cancelled first. Invoices stay with the shop as
              issued.
            </p>
          </div>
          <Button
            variant="danger"
            onClick={() => setConfirming(true)}
            icon={<Trash2 aria-hidden="true" className="size-4" />}
            className="self-start"
          >
            Delete My Account
          </Button>
        </div>
      </div>
      <DeleteAccountDialog
        user={user}
        open={confirming}
        onClose={() => setConfirming(false)}
        onDeleted={onAccountDeleted}
      />
    </ProfileSection>
  );
}
