import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { api, ApiError, type RequestOptions } from './api-client';
import { errorText } from './error-text';

export type ApiRequest = string | (Omit<RequestOptions, 'signal'> & { path: string });

/** A failed call: the HTTP status (0 when no reply came) and the message shown to the shopper as it is. */
export interface ApiFailure {
  status: number;
  message: string;
  /** The server's kind of refusal, when it names one (`promo_code`). */
  code?: string;
}

// Through api(), so a first visit's early replies (boot.ts, decision 020) are taken instead of asked again.
const apiBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiFailure> = async (request, { signal }) => {
  const { path, ...options } = typeof request === 'string' ? { path: request } : request;
  try {
    return { data: await api(path, { ...options, signal }) };
  } catch (e) {
    const failed = e instanceof ApiError;
    return { error: { status: failed ? e.status : 0, message: errorText(e), code: failed ? e.code : undefined } };
  }
};

/** The one loader of server data; each feature adds its endpoints (`baseApi.injectEndpoints`) in its *-api.ts. */
export const baseApi = createApi({
  baseQuery: apiBaseQuery,
  // A page shows what it read before at once and asks again, as each page always did; a read the cache
  // may answer alone says `ASK_ONCE` where it is used.
  refetchOnMountOrArgChange: true,
  tagTypes: ['Cart', 'Catalog', 'Dashboard', 'Order', 'OrderHistory', 'Page', 'Product', 'Settings', 'Staff', 'User'],
  endpoints: () => ({}),
});

/** For a read the cache may answer (the cart, the shop's settings, the payment setup): asked only when not cached. */
export const ASK_ONCE = { refetchOnMountOrArgChange: false } as const;

/** What belongs to the signed-in person: dropped at logout, so the next one on the tab sees none of it. */
export const PERSONAL_TAGS = ['Cart', 'Dashboard', 'Order', 'OrderHistory', 'User'] as const;

/** Runs `apply` with a write's reply once it has arrived; a failure is left to the caller to show. */
export async function onReply<T>(
  queryFulfilled: Promise<{ data: T }>,
  apply: (data: T) => void,
): Promise<void> {
  let data: T;
  try {
    ({ data } = await queryFulfilled);
  } catch {
    return;
  }
  apply(data);
}
