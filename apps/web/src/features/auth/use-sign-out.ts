import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useLogoutMutation } from './auth-api';

export function useSignOut(): void {
  const [logout] = useLogoutMutation();
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    void logout().then(() => {
      if (live) void navigate(paths.login, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [logout, navigate]);
}
