import { Profile } from '../../features/user/components/profile';
import { PageFrame } from '../layout/page-frame';

export default function ProfilePage() {
  return (
    <PageFrame className="max-w-5xl space-y-8">
      <Profile />
    </PageFrame>
  );
}
