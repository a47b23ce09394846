import { useFreeShippingAbove } from '../../features/settings/use-free-shipping';
import { Link, useLocation } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { AuthCard, authLinkClass } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import type { SignedUpState } from '../../features/auth/components/signup-form';
import { returnPathOf, withReturnPath } from '../../features/auth/return-path';
import { paths } from '../../config/paths';
import { PageFrame } from '../layout/page-frame';

export default function LoginPage() {
  const freeShippingAbove = useFreeShippingAbove();
  const { search, state } = useLocation();
  const signedUpEmail = (state as Partial<SignedUpState> | null)?.signedUpEmail;
  const next = returnPathOf(search);
  return (
    <PageFrame className="flex items-center py-10 sm:py-16">
      <AuthCard freeShippingAbove={freeShippingAbove}
        title="Welcome Back"
        subtitle="Sign in to your account to continue shopping."
        footer={
          <>
            New to the shop?{' '}
            <Link to={withReturnPath(paths.signup, next)} className={authLinkClass}>
              Create an account
            </Link>
          </>
        }
      >
        {signedUpEmail && (
          <p
            role="status"
            className="mb-6 flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900"
          >
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>Your account has been created. Sign in with your new password to continue.</span>
          </p>
        )}
        <LoginForm email={signedUpEmail} />
      </AuthCard>
    </PageFrame>
  );
}
