import { useCallback, useEffect, useRef } from 'react';
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

/**
 * Signs the tab out once the calling page has gone (after the account it showed was deleted): signing
 * out while it is still shown would have its guard send the tab to /login instead of where it goes.
 */
export function useSignOutOnLeave(): () => void {
  const [logout] = useLogoutMutation();
  const armed = useRef(false);
  useEffect(
    () => () => {
      if (armed.current) void logout();
    },
    [logout],
  );
  return useCallback(() => {
    armed.current = true;
  }, []);
}
