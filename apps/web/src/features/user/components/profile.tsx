import { PageSpinner } from '../../../components/ui/spinner';
import { useGetOwnUserQuery } from '../user-api';
import { AddressBook } from './address-book';
import { ProfileCard } from './profile-card';

export function Profile() {
  const { data: user } = useGetOwnUserQuery();
  if (!user) return <PageSpinner />;
  return (
    <>
      <ProfileCard user={user} />
      <AddressBook user={user} />
    </>
  );
}
