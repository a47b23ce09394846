import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { RESET_REDIRECT_SECONDS } from '@shop/shared/constants';
import { resetPasswordFormSchema, type ResetPasswordForm as ResetValues } from '@shop/shared/auth';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { useAppSelector } from '../../../app/hooks';
import { passwordResetStatusReset, resetPassword, selectPasswordResetStatus } from '../auth-slice';
import { ServerError } from './auth-card';
import { useAuthForm } from './use-auth-form';

/** Counts down from RESET_REDIRECT_SECONDS, then opens /login. */
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

/** Reset password: the new password twice; the server's message in red under Confirm Password. */
export function ResetPasswordForm({ email, token }: { email: string; token: string }) {
  const done = useAppSelector(selectPasswordResetStatus);
  const { dispatch, serverError, loading, form } = useAuthForm<ResetValues>(resetPasswordFormSchema, {
    password: '',
    confirmPassword: '',
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  useEffect(() => {
    dispatch(passwordResetStatusReset());
    return () => {
      dispatch(passwordResetStatusReset());
    };
  }, [dispatch]);

  if (done) return <RedirectCountdown />;

  const onSubmit = handleSubmit(({ password }) => dispatch(resetPassword({ email, token, password })));

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
        <ServerError message={serverError} />
      </div>
      <Button type="submit" size="lg" loading={loading} className="w-full">
        Reset Password
      </Button>
    </form>
  );
}
