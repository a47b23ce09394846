import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { signupFormSchema, type SignupForm as SignupValues } from '@shop/shared/auth';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useAppSelector } from '../../../app/hooks';
import { selectSignupDone, signup, signupDoneReset } from '../auth-slice';
import { returnPathOf, withReturnPath } from '../return-path';
import { ServerError } from './auth-card';
import { useAuthForm } from './use-auth-form';

/** What /login is told after a signup: the new account's email, for the note and the field. */
export interface SignedUpState {
  signedUpEmail: string;
}

/**
 * Signup: name, email, phone, password and its confirmation; success goes to /login, which
 * then names the new account (and still knows the page the sign-in is for, `?next=`).
 */
export function SignupForm() {
  const navigate = useNavigate();
  const next = returnPathOf(useLocation().search);
  const signupDone = useAppSelector(selectSignupDone);
  const { dispatch, serverError, loading, form } = useAuthForm<SignupValues>(signupFormSchema, {
    name: '',
    email: '',
    phoneNumber: '',
    password: '',
    confirmPassword: '',
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  // docs/product.md, State: signupDone sends the new user to sign in, then resets for a later visit.
  useEffect(() => {
    if (!signupDone) return;
    dispatch(signupDoneReset());
    const state: SignedUpState = { signedUpEmail: form.getValues('email').trim() };
    void navigate(withReturnPath(paths.login, next), { replace: true, state });
  }, [signupDone, dispatch, navigate, next, form]);

  const onSubmit = handleSubmit(({ confirmPassword: _confirm, ...body }) => dispatch(signup(body)));

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
        <ServerError message={serverError} />
      </div>
      <Button type="submit" size="lg" loading={loading} className="w-full">
        Sign Up
      </Button>
    </form>
  );
}
