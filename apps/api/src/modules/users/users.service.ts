import { and, asc, eq } from 'drizzle-orm';
import { toUser, type Address, type Role, type User, type UserPatch } from '@shop/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { emailIs, users } from './users.table.ts';

export async function getUser(db: Db, id: number): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw unauthorized();
  return toUser(row);
}

/** Ownership is part of the statement (docs/security.md, Access). */
export async function patchUser(db: Db, id: number, me: number, patch: UserPatch): Promise<User> {
  const { name, phoneNumber, addresses } = patch;
  const [row] = await db
    .update(users)
    .set({ name, phoneNumber, addresses, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.id, me)))
    .returning();
  if (!row) throw forbidden();
  return toUser(row);
}

export async function adminEmails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id));
  return rows.map((r) => r.email);
}

export interface NewUserRow {
  email: string;
  name: string;
  phoneNumber: string;
  role: Role;
  passwordHash: string;
  addresses?: Address[];
}

/** Null when the email is taken. */
export async function insertUser(db: DbOrTx, { addresses = [], ...fields }: NewUserRow): Promise<User | null> {
  const [row] = await db.insert(users).values({ ...fields, addresses }).onConflictDoNothing().returning();
  return row ? toUser(row) : null;
}

export async function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string, role?: Role): Promise<void> {
  await db.update(users).set({ passwordHash, role, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function userIdByEmail(db: DbOrTx, email: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(emailIs(email)).limit(1);
  return row?.id ?? null;
}
