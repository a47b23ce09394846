import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { RESET_REDIRECT_SECONDS } from '@shop/shared/constants';
import { resetPasswordFormSchema, type ResetPasswordForm as ResetValues } from '@shop/shared/auth';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { useResetPasswordMutation } from '../auth-api';
import { ServerError } from './auth-card';
import { serverMessage, useAuthForm } from './use-auth-form';

function RedirectCountdown() {
  const navigate = useNavigate();
  const [seconds, setSeconds] = useState(RESET_REDIRECT_SECONDS);
  useEffect(() => {
    if (seconds <= 0) {
      void navigate(paths.login, { replace: true });
      return;
    }
    const t = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [seconds, navigate]);
  return (
    <div role="status" className="rounded-xl bg-green-50 px-5 py-6 text-center text-green-900">
      <CircleCheck aria-hidden="true" className="mx-auto size-10 text-green-700" />
      <p className="mt-3 font-serif text-xl font-semibold">Password reset successfully</p>
      <p className="mt-1 text-sm">You will be redirected to login in {Math.max(seconds, 1)} seconds ...</p>
    </div>
  );
}

export function ResetPasswordForm({ email, token }: { email: string; token: string }) {
  const [resetPassword, { isLoading, isSuccess, error }] = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAuthForm<ResetValues>(resetPasswordFormSchema, { password: '', confirmPassword: '' });

  if (isSuccess) return <RedirectCountdown />;

  const onSubmit = handleSubmit(({ password }) => resetPassword({ email, token, password }));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <input type="email" name="email" value={email} autoComplete="username" readOnly hidden />
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
        Reset Password
      </Button>
    </form>
  );
}
