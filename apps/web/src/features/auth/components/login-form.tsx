import { Link, useLocation, useNavigate } from 'react-router';
import { loginBodySchema, type LoginBody } from '@shop/shared/auth';
import { worksInAdmin } from '@shop/shared/constants';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { useLoginMutation } from '../auth-api';
import { returnPathOf } from '../return-path';
import { authLinkClass, ServerError } from './auth-card';
import { serverMessage, useAuthForm } from './use-auth-form';

export interface LoginFormProps {
  /** The email to start with (the account just created). */
  email?: string;
  /** Signing in on a page that goes on by itself once someone is signed in (checkout): no move. */
  stay?: boolean;
}

/**
 * Login: email and password with per-field messages (docs/product.md, Validation); the server's text
 * beneath the password. Success goes home, or back to the page the sign-in was for (`?next=`, checked).
 */
export function LoginForm({ email = '', stay = false }: LoginFormProps) {
  const navigate = useNavigate();
  const next = returnPathOf(useLocation().search);
  const [login, { isLoading, error }] = useLoginMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAuthForm<LoginBody>(loginBodySchema, { email, password: '' });

  const onSubmit = handleSubmit(async (body) => {
    const result = await login(body);
    // The owner and staff start the day on the dashboard, unless a page sent them here.
    if (result.data && !stay)
      void navigate(next ?? (worksInAdmin(result.data.role) ? paths.adminDashboard : paths.home), { replace: true });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <div>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <ServerError message={serverMessage(error)} />
        <p className="mt-3 text-right text-sm">
          <Link to={paths.forgotPassword} className={authLinkClass}>
            Forgot password?
          </Link>
        </p>
      </div>
      <Button type="submit" size="lg" loading={isLoading} className="w-full">
        Sign In
      </Button>
    </form>
  );
}
