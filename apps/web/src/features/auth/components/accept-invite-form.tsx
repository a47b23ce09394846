import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { MESSAGES } from '@shop/shared/messages';
import { staffAcceptFormSchema, type StaffAcceptForm } from '@shop/shared/staff';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { useAcceptStaffInviteMutation } from '../auth-api';
import { ServerError } from './auth-card';
import { serverMessage, useAuthForm } from './use-auth-form';

/** docs/product.md, Staff: the invited person chooses a password and is signed in, on to the dashboard. */
export function AcceptInviteForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [accept, { isLoading, error }] = useAcceptStaffInviteMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAuthForm<StaffAcceptForm>(staffAcceptFormSchema, { password: '', confirmPassword: '' });

  const onSubmit = handleSubmit(async ({ password }) => {
    const result = await accept({ token, password });
    if (!result.data) return;
    toast.success(MESSAGES.staffWelcome);
    void navigate(paths.adminDashboard, { replace: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <PasswordField
        label="Password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div>
        <PasswordField
          label="Confirm Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <ServerError message={serverMessage(error)} />
      </div>
      <Button type="submit" size="lg" loading={isLoading} className="w-full">
        Join the team
      </Button>
    </form>
  );
}
