import { paths } from '../../config/paths';

/** The query key that carries where to go after signing in: `/login?next=%2Fproduct-detail%2F3`. */
export const NEXT_PARAM = 'next';

/** Pages a shopper must never be sent back to after signing in (they would sign out or loop). */
const NEVER = new Set<string>([paths.login, paths.signup, paths.logout]);

/**
 * The same-site path in `raw`, or null. Only a path of this shop is honoured — never another host
 * (`//evil.example`, `/\evil.example`, `https://…`) nor a script (`javascript:`) — so a link to the
 * login page cannot send a shopper elsewhere after they sign in (an open redirect).
 */
export function safeReturnPath(raw: string | null | undefined, origin = window.location.origin): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return null;
  }
  // Dot segments resolve away (`/.//evil.example` is `//evil.example`): the resolved path is checked.
  if (url.origin !== origin || NEVER.has(url.pathname) || /^\/[/\\]/.test(url.pathname)) return null;
  return url.pathname + url.search + url.hash;
}

/** `/login` (or `/signup`) carrying the page to return to, when there is one worth carrying. */
export function withReturnPath(page: string, next: string | null): string {
  return next && next !== paths.home ? `${page}?${new URLSearchParams({ [NEXT_PARAM]: next })}` : page;
}

/** The return path a sign-in page was opened with (`?next=`), checked. */
export const returnPathOf = (search: string) => safeReturnPath(new URLSearchParams(search).get(NEXT_PARAM));
