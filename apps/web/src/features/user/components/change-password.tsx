import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import { KeyRound } from 'lucide-react';
import { MESSAGES } from '@shop/shared/messages';
import { changePasswordFormSchema, type ChangePasswordForm, type User } from '@shop/shared/user';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { errorText } from '../../../lib/error-text';
import { useChangePasswordMutation } from '../user-api';
import { ProfileSection } from './profile-section';

const EMPTY: ChangePasswordForm = { currentPassword: '', password: '', confirmPassword: '' };

/** docs/product.md, My Profile: the current password first; the other devices are signed out. */
export function ChangePassword({ user }: { user: User }) {
  const [changePassword] = useChangePasswordMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY });

  const submit = handleSubmit(async ({ currentPassword, password }) => {
    setFailure(null);
    const result = await changePassword({ id: user.id, currentPassword, password });
    if (result.error) {
      setFailure(errorText(result.error));
      setFocus('currentPassword');
      return;
    }
    reset(EMPTY);
    toast.success(MESSAGES.passwordChanged);
  });

  return (
    <ProfileSection
      title="Change Password"
      icon={<KeyRound aria-hidden="true" className="mt-1 size-6 shrink-0 text-maroon" />}
      description="Choose a new one whenever you like. Any other phone or computer signed in to your account will be signed out; this one stays."
    >
      <form onSubmit={submit} noValidate className="mt-6 grid gap-4 sm:grid-cols-3">
        {/* Lets a password manager file the new password under the right account. */}
        <input type="email" name="username" value={user.email} autoComplete="username" readOnly hidden />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword?.message ?? failure ?? undefined}
          {...register('currentPassword')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="8 or more characters, with an upper-case letter, a lower-case letter and a digit"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <div className="flex sm:col-span-3 sm:justify-end">
          <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
            Change Password
          </Button>
        </div>
      </form>
    </ProfileSection>
  );
}
