import type { ChangePasswordBody, DeleteAccountBody, User, UserPatch } from '@shop/shared/user';
import type { PincodeAnswer } from '@shop/shared/pin';
import { baseApi, onReply } from '../../lib/base-api';

export const userApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOwnUser: build.query<User, void>({ query: () => '/users/owner', providesTags: ['User'] }),
    /** The server applies name, phoneNumber and addresses only, and replies with the whole user. */
    updateUser: build.mutation<User, UserPatch & { id: number }>({
      query: ({ id, ...patch }) => ({ path: `/users/${id}`, method: 'PATCH', body: patch }),
      onQueryStarted: (_, { dispatch, queryFulfilled }) =>
        onReply(queryFulfilled, (user) =>
          dispatch(userApi.util.updateQueryData('getOwnUser', undefined, () => user)),
        ),
    }),
    /** This tab stays signed in; the account's other sessions end on the server. */
    changePassword: build.mutation<{ message: string }, ChangePasswordBody & { id: number }>({
      query: ({ id, ...body }) => ({ path: `/users/${id}/password`, method: 'POST', body }),
    }),
    /** The session ends with the account; the page that asked signs the tab out (app/routes/profile.tsx). */
    deleteAccount: build.mutation<{ message: string }, DeleteAccountBody & { id: number }>({
      query: ({ id, ...body }) => ({ path: `/users/${id}`, method: 'DELETE', body }),
    }),
    /** The district and state of a PIN typed into the address form. */
    lookUpPin: build.query<PincodeAnswer, string>({
      query: (pin) => `/pincodes/${encodeURIComponent(pin)}`,
    }),
  }),
});

export const {
  useLazyLookUpPinQuery,
  useLookUpPinQuery,
  useGetOwnUserQuery,
  useUpdateUserMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
} = userApi;

/** The JSON file of everything the shop holds about the account (Content-Disposition: attachment). */
export const personalDataPath = (id: number) => `/users/${id}/data`;
