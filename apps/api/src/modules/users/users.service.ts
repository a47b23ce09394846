import { and, asc, eq, isNull } from 'drizzle-orm';
import { toUser, type Address, type Role, type StaffMember, type User, type UserPatch } from '@shop/shared';
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

/** The users row as the person's data export shows it: no hash. */
export async function personalRecord(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      role: users.role,
      imageUrl: users.imageUrl,
      addresses: users.addresses,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  if (!row) throw unauthorized();
  return row;
}

export async function roleOf(db: DbOrTx, id: number): Promise<Role | null> {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id)).limit(1);
  return row?.role ?? null;
}

/**
 * docs/product.md, My Profile: the row stays so that orders and invoices keep pointing at it; the
 * person leaves it. The email becomes one no signup or login accepts (`#` is outside EMAIL_RE), which
 * frees the real one, and the hash one no password matches.
 */
export async function anonymiseUser(tx: DbOrTx, id: number): Promise<void> {
  await tx
    .update(users)
    .set({
      email: `deleted#${id}@account.invalid`,
      name: 'Deleted account',
      phoneNumber: '',
      passwordHash: 'deleted',
      imageUrl: null,
      addresses: [],
      deletedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
}

export async function accountByEmail(db: DbOrTx, email: string): Promise<{ id: number; role: Role } | null> {
  const [row] = await db.select({ id: users.id, role: users.role }).from(users).where(emailIs(email)).limit(1);
  return row ?? null;
}

export async function staffMembers(db: DbOrTx): Promise<StaffMember[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'staff'), isNull(users.deletedAt)))
    .orderBy(asc(users.name), asc(users.id));
}

/** docs/product.md, Staff: a removed member keeps the account as a shopper. False when id is no staff member. */
export async function demoteStaff(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ role: 'user', updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.role, 'staff')))
    .returning({ id: users.id });
  return rows.length > 0;
}
