import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FullScreenSpinner } from '../../components/ui/spinner';
import { logout } from '../../features/auth/auth-slice';
import { paths } from '../../config/paths';
import { useAppDispatch } from '../hooks';

/** Ends the session, then /login. */
export default function LogoutPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    void dispatch(logout()).then(() => {
      if (live) void navigate(paths.login, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [dispatch, navigate]);
  return <FullScreenSpinner />;
}
