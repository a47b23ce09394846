import { createAsyncThunk, createSlice, isAnyOf } from '@reduxjs/toolkit';
import type { LoginBody, ResetPasswordBody, ResetRequestBody, SignupBody } from '@shop/shared/auth';
import type { User } from '@shop/shared/user';
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

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export const signup = createAsyncThunk('auth/signup', async (body: SignupBody, { rejectWithValue }) => {
  try {
    return await authApi.signup({ ...body, addresses: [], role: 'user' });
  } catch (e) {
    return rejectWithValue(message(e));
  }
});
export const login = createAsyncThunk('auth/login', async (body: LoginBody, { rejectWithValue }) => {
  try {
    return await authApi.login(body);
  } catch (e) {
    return rejectWithValue(message(e));
  }
});
export const checkAuth = createAsyncThunk('auth/checkAuth', () => authApi.check());
export const logout = createAsyncThunk('auth/logout', () => authApi.logout());
export const requestPasswordReset = createAsyncThunk(
  'auth/requestPasswordReset',
  async (body: ResetRequestBody, { rejectWithValue }) => {
    try {
      return await authApi.resetRequest(body);
    } catch (e) {
      return rejectWithValue(message(e));
    }
  },
);
export const resetPassword = createAsyncThunk(
  'auth/resetPassword',
  async (body: ResetPasswordBody, { rejectWithValue }) => {
    try {
      return await authApi.resetPassword(body);
    } catch (e) {
      return rejectWithValue(message(e));
    }
  },
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
      // SPEC §4: userChecked turns true after the auth check, success or failure.
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
          s.error = (a.payload as string | undefined) ?? a.error.message ?? 'Something went wrong';
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
