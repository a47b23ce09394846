import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { hashToken } from './sessions.ts';
import { passwordResetTokens } from './auth.table.ts';
import { emailIs, users } from '../users/users.table.ts';

export const RESET_TOKEN_TTL_MINUTES = 60;

interface PasswordReset {
  email: string;
  name: string;
  token: string;
}

/** Only the token's SHA-256 is stored; the user's spent and expired tokens go. */
export async function createPasswordReset(db: DbOrTx, email: string): Promise<PasswordReset | null> {
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(emailIs(email))
    .limit(1);
  if (!user) return null;
  const now = new Date();
  const token = randomBytes(32).toString('base64url');
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, user.id), or(isNotNull(passwordResetTokens.usedAt), lt(passwordResetTokens.expiresAt, now))));
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
  });
  return { email: user.email, name: user.name, token };
}

export function resetLink(publicUrl: string, reset: Pick<PasswordReset, 'email' | 'token'>): string {
  return `${publicUrl}/reset-password?${new URLSearchParams({ token: reset.token, email: reset.email }).toString()}`;
}
