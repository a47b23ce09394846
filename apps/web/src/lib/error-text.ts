const FALLBACK = 'Something went wrong';

/** The words of a failure: a failed call's server message, a thrown error's or string's, else a generic line. */
export function errorText(e: unknown): string {
  if (typeof e === 'string') return e;
  if (typeof e === 'object' && e !== null && 'message' in e && typeof e.message === 'string')
    return e.message;
  return FALLBACK;
}
