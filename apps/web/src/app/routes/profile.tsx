import { useEffect } from 'react';
import { PageSpinner } from '../../components/ui/spinner';
import { AddressBook } from '../../features/user/components/address-book';
import { ProfileCard } from '../../features/user/components/profile-card';
import { fetchLoggedInUser, selectUserInfo } from '../../features/user/user-slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PageFrame } from '../layout/page-frame';

/** My Profile: the profile card and saved-address management. */
export default function ProfilePage() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUserInfo);

  useEffect(() => {
    void dispatch(fetchLoggedInUser());
  }, [dispatch]);

  return (
    <PageFrame className={user ? 'max-w-5xl space-y-8' : undefined}>
      {user ? (
        <>
          <ProfileCard user={user} />
          <AddressBook user={user} />
        </>
      ) : (
        <PageSpinner />
      )}
    </PageFrame>
  );
}
