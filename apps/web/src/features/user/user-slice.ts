import { createAsyncThunk, createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { User, UserPatch } from '@shop/shared/user';
import { isSessionEnded } from '../../lib/session-ended';
import { userApi } from './user-api';

export interface UserState {
  /** SPEC §3: the signed-in user's info, fetched separately from login. */
  userInfo: User | null;
  status: 'idle' | 'loading';
  error: string | null;
}

const initialState: UserState = { userInfo: null, status: 'idle', error: null };

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const fetchLoggedInUser = createAsyncThunk('user/fetchLoggedInUser', () => userApi.owner());

/** The server applies name, phoneNumber and addresses only (DESIGN §3). */
export const updateUser = createAsyncThunk(
  'user/updateUser',
  async ({ id, ...patch }: UserPatch & { id: number }, { rejectWithValue }) => {
    try {
      return await userApi.update(id, patch);
    } catch (e) {
      return rejectWithValue(message(e));
    }
  },
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
        s.error = (a.payload as string | undefined) ?? a.error.message ?? 'Something went wrong';
      });
  },
});

type WithUser = { user: UserState };
export const selectUserInfo = (s: WithUser) => s.user.userInfo;
export const selectUserStatus = (s: WithUser) => s.user.status;
export const selectUserError = (s: WithUser) => s.user.error;
