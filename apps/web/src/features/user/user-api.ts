import type { User, UserPatch } from '@shop/shared/user';
import { api } from '../../lib/api-client';

export const userApi = {
  owner: () => api<User>('/users/owner'),
  update: (id: number, patch: UserPatch) => api<User>(`/users/${id}`, { method: 'PATCH', body: patch }),
};
