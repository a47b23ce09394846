import { PageSpinner } from '../../../components/ui/spinner';
import { useGetOwnUserQuery } from '../user-api';
import { AddressBook } from './address-book';
import { ChangePassword } from './change-password';
import { ProfileCard } from './profile-card';
import { ProfileDetails } from './profile-details';
import { YourData } from './your-data';

export function Profile({ onAccountDeleted }: { onAccountDeleted: () => void }) {
  const { data: user } = useGetOwnUserQuery();
  if (!user) return <PageSpinner />;
  return (
    <>
      <ProfileCard user={user} />
      <ProfileDetails user={user} />
      <AddressBook user={user} />
      <ChangePassword user={user} />
      <YourData user={user} onAccountDeleted={onAccountDeleted} />
    </>
  );
}
