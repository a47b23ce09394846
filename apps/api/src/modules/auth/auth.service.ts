import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { toUser, type LoginBody, type ResetPasswordBody, type User } from '@shop/shared';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { endUserSessions, hashToken } from './sessions.ts';
import { emailIs, users } from '../users/users.table.ts';
import { passwordResetTokens } from './auth.table.ts';

export const LOGIN_FAILED = 'Invalid email or password';
const RESET_LINK_INVALID = 'Invalid or expired reset link';

// argon2id with the library's defaults (19 MiB, 2 passes), as OWASP recommends.
export const hashPassword = (password: string) => hash(password);

let dummy: Promise<string> | undefined;
/** An unknown email costs one verification like a known one. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}

async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The same work whether the email exists or not. */
export async function authenticate(db: Db, body: LoginBody): Promise<User | null> {
  const [row] = await db.select().from(users).where(emailIs(body.email)).limit(1);
  const ok = await passwordMatches(row?.passwordHash ?? (await dummyHash()), body.password);
  return row && ok ? toUser(row) : null;
}

/** For a signed-in account confirming itself; a deleted account's hash matches nothing. */
export async function passwordIsRight(db: Db, userId: number, password: string): Promise<boolean> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? passwordMatches(row.passwordHash, password) : false;
}

/** Links already mailed stop working once the password changes or the account goes. */
export async function endResetTokens(tx: Tx, userId: number): Promise<void> {
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

export async function findUser(db: Db, id: number): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ? toUser(row) : null;
}

/** The account whose live reset token this is, or 400. */
export async function resetTokenHolder(db: Db, { email, token }: Pick<ResetPasswordBody, 'email' | 'token'>): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(emailIs(email)).limit(1);
  const [live] = user
    ? await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(usableToken(user.id, token, new Date())).limit(1)
    : [];
  if (!user || !live) throw badRequest(RESET_LINK_INVALID);
  return user.id;
}

/** The token is spent by a statement that checks it again, so two uses at once cannot both succeed;
 *  the holder's other tokens and sessions end with it. */
export async function spendResetToken(tx: Tx, userId: number, token: string): Promise<void> {
  const now = new Date();
  const [spent] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(usableToken(userId, token, now))
    .returning({ id: passwordResetTokens.id });
  if (!spent) throw badRequest(RESET_LINK_INVALID);
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  await endUserSessions(tx, userId);
}

const usableToken = (userId: number, token: string, now: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, hashToken(token)),
    eq(passwordResetTokens.userId, userId),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );
