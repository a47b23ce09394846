import { useState } from 'react';
import { MailCheck } from 'lucide-react';
import { MESSAGES } from '@shop/shared/messages';
import { resetRequestBodySchema, type ResetRequestBody } from '@shop/shared/auth';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useRequestPasswordResetMutation } from '../auth-api';
import { ServerError } from './auth-card';
import { serverMessage, useAuthForm } from './use-auth-form';

export function ForgotPasswordForm() {
  const [requestReset, { isLoading, error }] = useRequestPasswordResetMutation();
  // Once sent, the note stays for this visit to the page, even while another request is on its way.
  const [mailSent, setMailSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAuthForm<ResetRequestBody>(resetRequestBodySchema, { email: '' });

  const onSubmit = handleSubmit(async (body) => {
    if ((await requestReset(body)).data) setMailSent(true);
  });

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
          <ServerError message={serverMessage(error)} />
        )}
      </div>
      <Button type="submit" size="lg" loading={isLoading} className="w-full">
        Send Reset Link
      </Button>
    </form>
  );
}
