import { createAsyncThunk, type AsyncThunkOptions } from '@reduxjs/toolkit';

/** Every API thunk rejects with the server's message as its payload. */
type ApiThunkConfig = { rejectValue: string };

const FALLBACK = 'Something went wrong';

/**
 * The text of anything thrown: an ApiError's server message, or the rejection value an unwrapped
 * API thunk throws (the same message).
 */
export function errorText(e: unknown): string {
  if (typeof e === 'string') return e;
  if (e instanceof Error) return e.message;
  return FALLBACK;
}

/**
 * A thunk around one API call. A failure rejects with the server's message, which the slices keep
 * in their `error` field and pages show as a toast.
 */
export function apiThunk<Returned, Arg = void>(
  type: string,
  call: (arg: Arg, signal: AbortSignal) => Promise<Returned>,
  options?: AsyncThunkOptions<Arg, ApiThunkConfig>,
) {
  return createAsyncThunk<Returned, Arg, ApiThunkConfig>(
    type,
    async (arg, { signal, rejectWithValue }) => {
      try {
        return await call(arg, signal);
      } catch (e) {
        return rejectWithValue(errorText(e));
      }
    },
    options,
  );
}

/** What a rejected API thunk says: the server's message, else Redux Toolkit's (an abort), else a generic one. */
export function rejectionMessage(action: { payload?: string; error: { message?: string } }): string {
  return action.payload ?? action.error.message ?? FALLBACK;
}
