import { FullScreenSpinner } from '../../components/ui/spinner';
import { useSignOut } from '../../features/auth/use-sign-out';

export default function LogoutPage() {
  useSignOut();
  return <FullScreenSpinner />;
}
