import type { Address, ResetPasswordBody, Role, SignupBody, User } from '@shop/shared';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { conflict } from '../lib/errors.ts';
import { hashPassword, resetTokenHolder, spendResetToken } from '../modules/auth/auth.service.ts';
import { insertUser, setPasswordHash, userIdByEmail } from '../modules/users/users.service.ts';

// The auth module hashes and checks passwords and tokens; the users module writes the users table.

interface NewUser {
  email: string;
  name: string;
  phoneNumber: string;
  role: Role;
  password: string;
  addresses?: Address[];
}

/** Null when the email is taken. */
export async function createUser(db: DbOrTx, { password, ...fields }: NewUser): Promise<User | null> {
  return insertUser(db, { ...fields, passwordHash: await hashPassword(password) });
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
    await setPasswordHash(tx, userId, passwordHash, role);
  });
}

/** docs/security.md, Access: the role is always user, whatever the body says. */
export async function signup(db: Db, body: SignupBody): Promise<User> {
  if ((await userIdByEmail(db, body.email)) !== null) throw conflict('Email already exists');
  const { email, name, phoneNumber, password, addresses } = body;
  const user = await createUser(db, { email, name, phoneNumber, password, addresses, role: 'user' });
  if (!user) throw conflict('Email already exists');
  return user;
}

export async function resetPassword(db: Db, body: ResetPasswordBody): Promise<void> {
  const userId = await resetTokenHolder(db, body);
  await setPassword(db, userId, body.password, { alongside: (tx) => spendResetToken(tx, userId, body.token) });
}

/** Makes the account an admin with this password, creating it if it is new; true when it was created. */
export async function makeAdmin(db: Db, account: Omit<NewUser, 'role'>): Promise<boolean> {
  if (await createUser(db, { ...account, role: 'admin' })) return true;
  const userId = await userIdByEmail(db, account.email);
  if (userId === null) throw new Error(`${account.email} is neither new nor found`);
  await setPassword(db, userId, account.password, { role: 'admin' });
  return false;
}
