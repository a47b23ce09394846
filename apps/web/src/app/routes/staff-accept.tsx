import { useFreeShippingAbove } from '../../features/settings/use-free-shipping';
import { Navigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { AcceptInviteForm } from '../../features/auth/components/accept-invite-form';
import { paths } from '../../config/paths';
import { PageFrame } from '../layout/page-frame';

export default function StaffAcceptPage() {
  const freeShippingAbove = useFreeShippingAbove();
  const [params] = useSearchParams();
  const token = params.get('token');
  if (!token) return <Navigate to={paths.login} replace />;
  return (
    <PageFrame className="flex items-center py-10 sm:py-16">
      <AuthCard freeShippingAbove={freeShippingAbove} title="Join the Team" subtitle="Choose a password to sign in to the shop's admin.">
        <AcceptInviteForm token={token} />
      </AuthCard>
    </PageFrame>
  );
}
