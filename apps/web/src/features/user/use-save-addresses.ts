import { useCallback } from 'react';
import { toast } from 'react-toastify';
import type { Address } from '@shop/shared/address';
import type { User } from '@shop/shared/user';
import { errorText } from '../../lib/error-text';
import { useUpdateUserMutation } from './user-api';

/**
 * Saves the user's whole address list (PATCH /users/:id) and says how it went in a toast: `success`
 * (the page's address message) or the server's message. Resolves with the saved user, or null.
 */
export function useSaveAddresses() {
  const [updateUser, { isLoading: saving }] = useUpdateUserMutation();
  const save = useCallback(
    async (user: User, addresses: Address[], success: string): Promise<User | null> => {
      const result = await updateUser({ id: user.id, addresses });
      if (result.error) {
        toast.error(errorText(result.error));
        return null;
      }
      toast.success(success);
      return result.data;
    },
    [updateUser],
  );
  return { save, saving };
}
