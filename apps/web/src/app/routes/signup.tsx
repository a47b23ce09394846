import { useFreeShippingAbove } from '../../features/settings/use-free-shipping';
import { Link, useLocation } from 'react-router';
import { AuthCard, authLinkClass } from '../../features/auth/components/auth-card';
import { SignupForm } from '../../features/auth/components/signup-form';
import { returnPathOf, withReturnPath } from '../../features/auth/return-path';
import { paths } from '../../config/paths';
import { PageFrame } from '../layout/page-frame';

export default function SignupPage() {
  const freeShippingAbove = useFreeShippingAbove();
  const next = returnPathOf(useLocation().search);
  return (
    <PageFrame className="flex items-center py-10 sm:py-16">
      <AuthCard freeShippingAbove={freeShippingAbove}
        title="Create Account"
        subtitle="Join us for festive offers and a wardrobe full of magic."
        footer={
          <>
            Already have an account?{' '}
            <Link to={withReturnPath(paths.login, next)} className={authLinkClass}>
              Sign in
            </Link>
          </>
        }
      >
        <SignupForm />
      </AuthCard>
    </PageFrame>
  );
}
