import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { Pencil } from 'lucide-react';
import { MESSAGES } from '@shop/shared/messages';
import { profileDetailsFormSchema, type ProfileDetailsForm, type User } from '@shop/shared/user';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/error-text';
import { useUpdateUserMutation } from '../user-api';
import { ProfileSection } from './profile-section';

function DetailsForm({ user, onDone }: { user: User; onDone: () => void }) {
  const [updateUser] = useUpdateUserMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileDetailsForm>({
    resolver: zodResolver(profileDetailsFormSchema),
    defaultValues: { name: user.name, phoneNumber: user.phoneNumber },
  });
  const submit = handleSubmit(async (details) => {
    const result = await updateUser({ id: user.id, ...details });
    if (result.error) return setFailure(errorText(result.error));
    toast.success(MESSAGES.detailsUpdated);
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate className="mt-5 grid gap-4 sm:grid-cols-2">
      <TextField
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        autoFocus
        {...register('name')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phoneNumber?.message}
        {...register('phoneNumber')}
      />
      {failure && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Save Details
        </Button>
      </div>
    </form>
  );
}

/** docs/product.md, My Profile: the account's own name and phone (the email is the sign-in and stays). */
export function ProfileDetails({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const done = () => {
    setEditing(false);
    // The form's buttons leave the page with it: focus goes back to where the shopper started.
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <ProfileSection
      title="Your Details"
      description="The name and phone number we know you by. Your email is how you sign in, so it stays as it is."
      action={
        !editing && (
          <Button
            ref={editButton}
            variant="secondary"
            onClick={() => setEditing(true)}
            icon={<Pencil aria-hidden="true" className="size-4" />}
          >
            Edit Details
          </Button>
        )
      }
    >
      {editing ? (
        <DetailsForm user={user} onDone={done} />
      ) : (
        <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2">
          <div className="rounded-lg bg-ivory/70 px-4 py-3">
            <dt className="text-ink-soft">Name</dt>
            <dd className="mt-0.5 font-medium break-words text-ink">{user.name}</dd>
          </div>
          <div className="rounded-lg bg-ivory/70 px-4 py-3">
            <dt className="text-ink-soft">Phone</dt>
            <dd className="mt-0.5 font-medium text-ink">{user.phoneNumber || '—'}</dd>
          </div>
        </dl>
      )}
    </ProfileSection>
  );
}
