import { useCallback } from 'react';
import { toast } from 'react-toastify';
import type { Address } from '@shop/shared/address';
import type { User } from '@shop/shared/user';
import { useAppDispatch } from '../../app/hooks';
import { rejectionMessage } from '../../lib/thunk';
import { updateUser } from './user-slice';

/**
 * Saves the user's whole address list (PATCH /users/:id) and says how it went in a toast: `success`
 * (the page's address message) or the server's message. Resolves with the saved user, or null.
 */
export function useSaveAddresses() {
  const dispatch = useAppDispatch();
  return useCallback(
    async (user: User, addresses: Address[], success: string): Promise<User | null> => {
      const r = await dispatch(updateUser({ id: user.id, addresses }));
      if (updateUser.fulfilled.match(r)) {
        toast.success(success);
        return r.payload;
      }
      toast.error(rejectionMessage(r));
      return null;
    },
    [dispatch],
  );
}
