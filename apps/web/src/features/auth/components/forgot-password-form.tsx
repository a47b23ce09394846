import { useEffect } from 'react';
import { MailCheck } from 'lucide-react';
import { MESSAGES } from '@shop/shared/messages';
import { resetRequestBodySchema, type ResetRequestBody } from '@shop/shared/auth';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useAppSelector } from '../../../app/hooks';
import { mailSentReset, requestPasswordReset, selectMailSent } from '../auth-slice';
import { ServerError } from './auth-card';
import { useAuthForm } from './use-auth-form';

/** Forgot password: Email sent successfully, or the server's message. */
export function ForgotPasswordForm() {
  const mailSent = useAppSelector(selectMailSent);
  const { dispatch, serverError, loading, form } = useAuthForm<ResetRequestBody>(resetRequestBodySchema, {
    email: '',
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  useEffect(() => {
    dispatch(mailSentReset());
    return () => {
      dispatch(mailSentReset());
    };
  }, [dispatch]);

  const onSubmit = handleSubmit((body) => dispatch(requestPasswordReset(body)));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        {mailSent ? (
          <p
            role="status"
            className="mt-2 flex items-center gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-800"
          >
            <MailCheck aria-hidden="true" className="size-4 shrink-0" />
            {MESSAGES.emailSent}
          </p>
        ) : (
          <ServerError message={serverError} />
        )}
      </div>
      <Button type="submit" size="lg" loading={loading} className="w-full">
        Send Reset Link
      </Button>
    </form>
  );
}
