import { useFreeShippingAbove } from '../../features/settings/use-free-shipping';
import { Link } from 'react-router';
import { AuthCard, authLinkClass } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { paths } from '../../config/paths';
import { PageFrame } from '../layout/page-frame';

export default function ForgotPasswordPage() {
  const freeShippingAbove = useFreeShippingAbove();
  return (
    <PageFrame className="flex items-center py-10 sm:py-16">
      <AuthCard freeShippingAbove={freeShippingAbove}
        title="Forgot Password"
        subtitle="Enter your email and we will send you a link to reset your password."
        footer={
          <>
            Remembered it?{' '}
            <Link to={paths.login} className={authLinkClass}>
              Back to sign in
            </Link>
          </>
        }
      >
        <ForgotPasswordForm />
      </AuthCard>
    </PageFrame>
  );
}
