import { isFulfilled, isRejected, type UnknownAction } from '@reduxjs/toolkit';

/**
 * True for the end of a logout, settled either way. Client state kept per person resets on it so the
 * next one signing in on this tab never sees the last one's; matched by the endpoint's name so
 * features stay independent of the auth feature (docs/style.md, Boundaries).
 */
export function isSessionEnded(action: UnknownAction): action is UnknownAction {
  if (!isFulfilled(action) && !isRejected(action)) return false;
  const arg = (action.meta as { arg?: { endpointName?: unknown } }).arg;
  return arg?.endpointName === 'logout';
}
