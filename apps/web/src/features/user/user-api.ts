import type { User, UserPatch } from '@shop/shared/user';
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
  }),
});

export const { useGetOwnUserQuery, useUpdateUserMutation } = userApi;
