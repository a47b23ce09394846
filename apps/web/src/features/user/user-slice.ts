import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { User, UserPatch } from '@shop/shared/user';
import { isSessionEnded } from '../../lib/session-ended';
import { apiThunk, rejectionMessage } from '../../lib/thunk';
import { userApi } from './user-api';

export interface UserState {
  /** The signed-in user's info, fetched separately from login. */
  userInfo: User | null;
  status: 'idle' | 'loading';
  error: string | null;
}

const initialState: UserState = { userInfo: null, status: 'idle', error: null };

export const fetchLoggedInUser = apiThunk('user/fetchLoggedInUser', () => userApi.owner());

/** The server applies name, phoneNumber and addresses only. */
export const updateUser = apiThunk('user/updateUser', ({ id, ...patch }: UserPatch & { id: number }) =>
  userApi.update(id, patch),
);

export const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addMatcher(isAnyOf(fetchLoggedInUser.fulfilled, updateUser.fulfilled), (s, a) => {
        s.userInfo = a.payload;
        s.status = 'idle';
      })
      .addMatcher(isSessionEnded, () => initialState)
      .addMatcher(isAnyOf(fetchLoggedInUser.pending, updateUser.pending), (s) => {
        s.status = 'loading';
        s.error = null;
      })
      .addMatcher(isAnyOf(fetchLoggedInUser.rejected, updateUser.rejected), (s, a) => {
        s.status = 'idle';
        s.error = rejectionMessage(a);
      });
  },
});

type WithUser = { user: UserState };
export const selectUserInfo = (s: WithUser) => s.user.userInfo;
export const selectUserStatus = (s: WithUser) => s.user.status;
export const selectUserError = (s: WithUser) => s.user.error;
