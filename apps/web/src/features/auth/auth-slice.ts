import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { User } from '@shop/shared/user';
import { isSessionEnded } from '../../lib/session-ended';
import { rootReducer } from '../../lib/store';
import { authApi } from './auth-api';

/** Who is signed in on this tab; every server answer lives in the API cache. */
export interface AuthState {
  loggedInUserToken: User | null;
  /** docs/product.md, State: true once the session check has ended, either way. */
  userChecked: boolean;
}

const initialState: AuthState = { loggedInUserToken: null, userChecked: false };

const { checkAuth, login, acceptStaffInvite } = authApi.endpoints;

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addMatcher(isAnyOf(checkAuth.matchFulfilled, login.matchFulfilled, acceptStaffInvite.matchFulfilled), (s, a) => {
        s.loggedInUserToken = a.payload;
      })
      .addMatcher(isAnyOf(checkAuth.matchRejected, isSessionEnded), (s) => {
        s.loggedInUserToken = null;
      })
      .addMatcher(isAnyOf(checkAuth.matchFulfilled, checkAuth.matchRejected), (s) => {
        s.userChecked = true;
      });
  },
  selectors: {
    selectLoggedInUser: (s) => s.loggedInUserToken,
    selectUserChecked: (s) => s.userChecked,
  },
});

declare module '../../lib/store' {
  interface LazyLoadedSlices {
    auth: AuthState;
  }
}

export const { selectLoggedInUser, selectUserChecked } = authSlice.injectInto(rootReducer).selectors;
