import { useLocation, useNavigate } from 'react-router';
import { signupFormSchema, type SignupForm as SignupValues } from '@shop/shared/auth';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useLoginMutation, useSignupMutation } from '../auth-api';
import { returnPathOf, withReturnPath } from '../return-path';
import { ServerError } from './auth-card';
import { serverMessage, useAuthForm } from './use-auth-form';

/** What /login is told after a signup: the new account's email, for the note and the field. */
export interface SignedUpState {
  signedUpEmail: string;
}

/**
 * Signup: name, email, phone, password and its confirmation; success goes to /login, which
 * then names the new account (and still knows the page the sign-in is for, `?next=`). At checkout
 * (`signInAfter`) the new account is signed in on the spot and the page goes on.
 */
export function SignupForm({ signInAfter = false }: { signInAfter?: boolean }) {
  const navigate = useNavigate();
  const next = returnPathOf(useLocation().search);
  const [signup, { isLoading, error }] = useSignupMutation();
  const [login, { isLoading: signingIn, error: loginError }] = useLoginMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAuthForm<SignupValues>(signupFormSchema, {
    name: '',
    email: '',
    phoneNumber: '',
    password: '',
    confirmPassword: '',
  });

  // docs/product.md, State: signing up does not sign in; the new user is sent to sign in.
  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...body }) => {
    if (!(await signup(body)).data) return;
    if (signInAfter) {
      await login({ email: body.email, password: body.password });
      return;
    }
    const state: SignedUpState = { signedUpEmail: body.email.trim() };
    void navigate(withReturnPath(paths.login, next), { replace: true, state });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField label="Full Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          placeholder="+919876543210"
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
      </div>
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint="At least 8 characters, with an upper case letter, a lower case letter and a number."
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
        <ServerError message={serverMessage(error ?? loginError)} />
      </div>
      <Button type="submit" size="lg" loading={isLoading || signingIn} className="w-full">
        Sign Up
      </Button>
    </form>
  );
}
