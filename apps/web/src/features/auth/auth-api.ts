import type { LoginBody, ResetPasswordBody, ResetRequestBody, SignupBody } from '@shop/shared/auth';
import type { StaffAcceptBody } from '@shop/shared/staff';
import type { User } from '@shop/shared/user';
import { baseApi, PERSONAL_TAGS } from '../../lib/base-api';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The session check every page waits for (docs/product.md, Page frame); boot.ts starts it early. */
    checkAuth: build.query<User, void>({ query: () => '/auth/check/' }),
    signup: build.mutation<User, SignupBody>({
      query: (body) => ({
        path: '/auth/signup/',
        method: 'POST',
        body: { ...body, addresses: [], role: 'user' },
      }),
    }),
    login: build.mutation<User, LoginBody>({
      query: (body) => ({ path: '/auth/login/', method: 'POST', body }),
    }),
    logout: build.mutation<{ ok: true }, void>({
      query: () => '/auth/logout/',
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        // Signed out either way: an unreachable server must not keep the last person's data on the tab.
        await queryFulfilled.catch(() => undefined);
        dispatch(baseApi.util.invalidateTags([...PERSONAL_TAGS]));
      },
    }),
    requestPasswordReset: build.mutation<{ message: string }, ResetRequestBody>({
      query: (body) => ({ path: '/mail/reset-password-request/', method: 'POST', body }),
    }),
    resetPassword: build.mutation<{ message: string }, ResetPasswordBody>({
      query: (body) => ({ path: '/auth/reset-password', method: 'POST', body }),
    }),
    /** docs/product.md, Staff: the invitation's new password; the reply signs the new staff member in. */
    acceptStaffInvite: build.mutation<User, StaffAcceptBody>({
      query: (body) => ({ path: '/staff/accept', method: 'POST', body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        // A shopper's account made staff: what was read for the shopper is read again.
        await queryFulfilled.catch(() => undefined);
        dispatch(baseApi.util.invalidateTags([...PERSONAL_TAGS]));
      },
    }),
  }),
});

export const {
  useCheckAuthQuery,
  useSignupMutation,
  useLoginMutation,
  useLogoutMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useAcceptStaffInviteMutation,
} = authApi;
