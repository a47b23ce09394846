import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  toUser,
  type Address,
  type LoginBody,
  type ResetPasswordBody,
  type Role,
  type SignupBody,
  type User,
} from '@shop/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { endUserSessions, hashToken } from './sessions.ts';
import { users } from '../users/users.table.ts';
import { passwordResetTokens } from './auth.table.ts';

export const LOGIN_FAILED = 'Invalid email or password';
const RESET_LINK_INVALID = 'Invalid or expired reset link';

/** Emails are unique whatever their case (users_email_lower_idx). */
export const emailIs = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

// argon2id with the library's defaults (19 MiB, 2 passes), as OWASP recommends.
const hashPassword = (password: string) => hash(password);

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

interface NewUser {
  email: string;
  name: string;
  phoneNumber: string;
  role: Role;
  password: string;
  addresses?: Address[];
}

/** Null when the email is taken. */
export async function createUser(db: DbOrTx, { password, addresses = [], ...fields }: NewUser): Promise<User | null> {
  const passwordHash = await hashPassword(password);
  const [row] = await db.insert(users).values({ ...fields, addresses, passwordHash }).onConflictDoNothing().returning();
  return row ? toUser(row) : null;
}

/** The hash (tens of milliseconds) is taken before the transaction with `alongside` opens. */
export async function setPassword(
  db: Db,
  userId: number,
  password: string,
  { role, alongside }: { role?: Role; alongside?: (tx: Tx) => Promise<void> } = {},
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await alongside?.(tx);
    await tx.update(users).set({ passwordHash, role, updatedAt: new Date() }).where(eq(users.id, userId));
  });
}

/** docs/security.md, Access: the role is always user, whatever the body says. */
export async function signup(db: Db, body: SignupBody): Promise<User> {
  const [existing] = await db.select({ id: users.id }).from(users).where(emailIs(body.email)).limit(1);
  if (existing) throw conflict('Email already exists');
  const { email, name, phoneNumber, password, addresses } = body;
  const user = await createUser(db, { email, name, phoneNumber, password, addresses, role: 'user' });
  if (!user) throw conflict('Email already exists');
  return user;
}

/** The same work whether the email exists or not. */
export async function authenticate(db: Db, body: LoginBody): Promise<User | null> {
  const [row] = await db.select().from(users).where(emailIs(body.email)).limit(1);
  const ok = await passwordMatches(row?.passwordHash ?? (await dummyHash()), body.password);
  return row && ok ? toUser(row) : null;
}

export async function findUser(db: Db, id: number): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ? toUser(row) : null;
}

/** The token is spent by a statement that checks it again, so two uses at once cannot both succeed. */
export async function resetPassword(db: Db, body: ResetPasswordBody): Promise<void> {
  const usable = (userId: number, now: Date) =>
    and(
      eq(passwordResetTokens.tokenHash, hashToken(body.token)),
      eq(passwordResetTokens.userId, userId),
      isNull(passwordResetTokens.usedAt),
      gt(passwordResetTokens.expiresAt, now),
    );
  const [user] = await db.select({ id: users.id }).from(users).where(emailIs(body.email)).limit(1);
  const [token] = user
    ? await db.select({ id: passwordResetTokens.id }).from(passwordResetTokens).where(usable(user.id, new Date())).limit(1)
    : [];
  if (!user || !token) throw badRequest(RESET_LINK_INVALID);
  await setPassword(db, user.id, body.password, {
    alongside: async (tx) => {
      const now = new Date();
      const [spent] = await tx.update(passwordResetTokens).set({ usedAt: now }).where(usable(user.id, now)).returning({ id: passwordResetTokens.id });
      if (!spent) throw badRequest(RESET_LINK_INVALID);
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
      await endUserSessions(tx, user.id);
    },
  });
}
