import { useNavigate } from 'react-router';
import { useSignOutOnLeave } from '../../features/auth/use-sign-out';
import { Profile } from '../../features/user/components/profile';
import { ProfileSection } from '../../features/user/components/profile-section';
import { PriceDropMailsToggle } from '../../features/wishlist/components/price-drop-mails';
import { paths } from '../../config/paths';
import { PageFrame } from '../layout/page-frame';

export default function ProfilePage() {
  const navigate = useNavigate();
  const signOutOnLeave = useSignOutOnLeave();
  // The server has already ended the session; signing out clears this tab's copy of the person.
  const leaveDeletedAccount = () => {
    signOutOnLeave();
    void navigate(paths.home, { replace: true });
  };
  return (
    <PageFrame className="max-w-5xl space-y-8">
      <Profile onAccountDeleted={leaveDeletedAccount} />
      <ProfileSection title="Wishlist mails" description="A note when a saree you keep costs less.">
        <div className="mt-4">
          <PriceDropMailsToggle />
        </div>
      </ProfileSection>
    </PageFrame>
  );
}
