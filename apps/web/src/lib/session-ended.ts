import type { UnknownAction } from '@reduxjs/toolkit';

/**
 * True for the actions that end a session (auth/logout, settled either way). Per-user slices reset
 * on it so the next person signing in on this tab never sees the previous one's cart or orders;
 * matched by type so features stay independent of the auth feature (docs/style.md, Boundaries).
 */
export function isSessionEnded(action: UnknownAction): boolean {
  return action.type === 'auth/logout/fulfilled' || action.type === 'auth/logout/rejected';
}
