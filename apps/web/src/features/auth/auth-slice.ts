import { createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { LoginBody, ResetPasswordBody, ResetRequestBody, SignupBody } from '@shop/shared/auth';
import type { User } from '@shop/shared/user';
import { apiThunk, rejectionMessage } from '../../lib/thunk';
import { authApi } from './auth-api';

export interface AuthState {
  loggedInUserToken: User | null;
  status: 'idle' | 'loading';
  error: string | null;
  userChecked: boolean;
  mailSent: boolean;
  passwordResetStatus: boolean;
  signupDone: boolean;
}

const initialState: AuthState = {
  loggedInUserToken: null,
  status: 'idle',
  error: null,
  userChecked: false,
  mailSent: false,
  passwordResetStatus: false,
  signupDone: false,
};

export const signup = apiThunk('auth/signup', (body: SignupBody) =>
  authApi.signup({ ...body, addresses: [], role: 'user' }),
);
export const login = apiThunk('auth/login', (body: LoginBody) => authApi.login(body));
export const checkAuth = apiThunk('auth/checkAuth', () => authApi.check());
export const logout = apiThunk('auth/logout', () => authApi.logout());
export const requestPasswordReset = apiThunk('auth/requestPasswordReset', (body: ResetRequestBody) =>
  authApi.resetRequest(body),
);
export const resetPassword = apiThunk('auth/resetPassword', (body: ResetPasswordBody) =>
  authApi.resetPassword(body),
);

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signupDoneReset: (s) => {
      s.signupDone = false;
    },
    mailSentReset: (s) => {
      s.mailSent = false;
    },
    passwordResetStatusReset: (s) => {
      s.passwordResetStatus = false;
    },
    authErrorReset: (s) => {
      s.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signup.fulfilled, (s) => {
        s.signupDone = true;
      })
      .addCase(login.fulfilled, (s, a) => {
        s.loggedInUserToken = a.payload;
      })
      .addCase(checkAuth.fulfilled, (s, a) => {
        s.loggedInUserToken = a.payload;
      })
      .addCase(checkAuth.rejected, (s) => {
        s.loggedInUserToken = null;
      })
      .addCase(logout.fulfilled, (s) => {
        s.loggedInUserToken = null;
      })
      .addCase(logout.rejected, (s) => {
        s.loggedInUserToken = null;
      })
      .addCase(requestPasswordReset.fulfilled, (s) => {
        s.mailSent = true;
      })
      .addCase(resetPassword.fulfilled, (s) => {
        s.passwordResetStatus = true;
      })
      // docs/product.md, State: userChecked turns true after the auth check, success or failure.
      .addMatcher(isAnyOf(checkAuth.fulfilled, checkAuth.rejected), (s) => {
        s.userChecked = true;
      })
      .addMatcher(
        isAnyOf(
          signup.pending,
          login.pending,
          requestPasswordReset.pending,
          resetPassword.pending,
          logout.pending,
        ),
        (s) => {
          s.status = 'loading';
          s.error = null;
        },
      )
      .addMatcher(
        isAnyOf(
          signup.fulfilled,
          login.fulfilled,
          requestPasswordReset.fulfilled,
          resetPassword.fulfilled,
          logout.fulfilled,
          logout.rejected,
        ),
        (s) => {
          s.status = 'idle';
        },
      )
      .addMatcher(
        isAnyOf(signup.rejected, login.rejected, requestPasswordReset.rejected, resetPassword.rejected),
        (s, a) => {
          s.status = 'idle';
          s.error = rejectionMessage(a);
        },
      );
  },
});

export const { signupDoneReset, mailSentReset, passwordResetStatusReset, authErrorReset } = authSlice.actions;

type WithAuth = { auth: AuthState };
export const selectLoggedInUser = (s: WithAuth) => s.auth.loggedInUserToken;
export const selectUserChecked = (s: WithAuth) => s.auth.userChecked;
export const selectAuthStatus = (s: WithAuth) => s.auth.status;
export const selectAuthError = (s: WithAuth) => s.auth.error;
export const selectMailSent = (s: WithAuth) => s.auth.mailSent;
export const selectPasswordResetStatus = (s: WithAuth) => s.auth.passwordResetStatus;
export const selectSignupDone = (s: WithAuth) => s.auth.signupDone;
