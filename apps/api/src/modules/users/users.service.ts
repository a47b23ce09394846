import { and, asc, eq } from 'drizzle-orm';
import { toUser, type User, type UserPatch } from '@shop/shared';
import type { Db, DbOrTx } from '../../db/client.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { users } from './users.table.ts';

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
