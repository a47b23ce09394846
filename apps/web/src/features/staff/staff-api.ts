import type { StaffInviteBody, StaffList } from '@shop/shared/staff';
import { baseApi } from '../../lib/base-api';

export const staffApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getStaff: build.query<StaffList, void>({ query: () => '/staff', providesTags: ['Staff'] }),
    inviteStaff: build.mutation<{ id: number; message: string }, StaffInviteBody>({
      query: (body) => ({ path: '/staff/invites', method: 'POST', body }),
      invalidatesTags: ['Staff'],
    }),
    revokeStaffInvite: build.mutation<{ message: string }, number>({
      query: (id) => ({ path: `/staff/invites/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Staff'],
    }),
    removeStaff: build.mutation<{ message: string }, number>({
      query: (id) => ({ path: `/staff/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Staff'],
    }),
  }),
});

export const {
  useGetStaffQuery,
  useInviteStaffMutation,
  useRevokeStaffInviteMutation,
  useRemoveStaffMutation,
} = staffApi;
