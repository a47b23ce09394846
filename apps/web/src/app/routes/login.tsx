import { Link } from 'react-router';
import { AuthCard, authLinkClass } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { paths } from '../../config/paths';
import { PageFrame } from '../layout/page-frame';

export default function LoginPage() {
  return (
    <PageFrame className="flex items-center py-10 sm:py-16">
      <AuthCard
        title="Welcome Back"
        subtitle="Sign in to your account to continue shopping."
        footer={
          <>
            New to the shop?{' '}
            <Link to={paths.signup} className={authLinkClass}>
              Create an account
            </Link>
          </>
        }
      >
        <LoginForm />
      </AuthCard>
    </PageFrame>
  );
}
