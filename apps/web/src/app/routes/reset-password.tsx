import { useFreeShippingAbove } from '../../features/settings/use-free-shipping';
import { Navigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { paths } from '../../config/paths';
import { PageFrame } from '../layout/page-frame';

export default function ResetPasswordPage() {
  const freeShippingAbove = useFreeShippingAbove();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  if (!token || !email) return <Navigate to={paths.login} replace />;
  return (
    <PageFrame className="flex items-center py-10 sm:py-16">
      <AuthCard freeShippingAbove={freeShippingAbove} title="Enter New Password" subtitle={<>Choose a new password for {email}.</>}>
        <ResetPasswordForm email={email} token={token} />
      </AuthCard>
    </PageFrame>
  );
}
