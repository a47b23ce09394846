import {
  MESSAGES,
  openOrderBlocksDeletionMessage,
  type Address,
  type ChangePasswordBody,
  type Order,
  type ResetPasswordBody,
  type Role,
  type SignupBody,
  type User,
} from '@shop/shared';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { endResetTokens, hashPassword, passwordIsRight, resetTokenHolder, spendResetToken } from '../modules/auth/auth.service.ts';
import { endOtherSessions, endUserSessions } from '../modules/auth/sessions.ts';
import { emptyCart } from '../modules/cart/cart.service.ts';
import { forgetAlertsOf } from '../modules/stock-alerts/stock-alerts.service.ts';
import { emptyWishlist } from '../modules/wishlist/wishlist.service.ts';
import { addressProblem } from '../modules/delivery/delivery.service.ts';
import { anonymiseOrders, openOrderOf, ordersOfPerson } from '../modules/orders/personal-data.ts';
import { anonymiseUser, insertUser, personalRecord, roleOf, setPasswordHash, userIdByEmail } from '../modules/users/users.service.ts';

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
  // docs/product.md, Delivery and PIN codes: as for an address saved later.
  for (const address of addresses ?? []) {
    const problem = addressProblem(address);
    if (problem) throw badRequest(problem);
  }
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

/** docs/product.md, My Profile: the session that asks stays signed in; every other one ends. */
export async function changePassword(db: Db, userId: number, keepToken: string | undefined, body: ChangePasswordBody): Promise<void> {
  if (!(await passwordIsRight(db, userId, body.currentPassword))) throw badRequest(MESSAGES.currentPasswordWrong);
  await setPassword(db, userId, body.password, {
    alongside: async (tx) => {
      await endOtherSessions(tx, userId, keepToken);
      await endResetTokens(tx, userId);
    },
  });
}

export interface PersonalData {
  exportedAt: string;
  profile: Omit<Awaited<ReturnType<typeof personalRecord>>, 'addresses' | 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };
  addresses: Address[];
  orders: Order[];
}

/** docs/product.md, My Profile (Download my data): the profile without its hash, the addresses, every order. */
export async function personalData(db: Db, userId: number): Promise<PersonalData> {
  const { addresses, createdAt, updatedAt, ...profile } = await personalRecord(db, userId);
  return {
    exportedAt: new Date().toISOString(),
    profile: { ...profile, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() },
    addresses,
    orders: await ordersOfPerson(db, userId),
  };
}

/**
 * docs/product.md, My Profile (Delete my account): orders and invoices stay, the order rows without the
 * person's name and contacts, invoices as issued; the sessions, reset links and cart go; the users row
 * is emptied (decision in the same section).
 */
export async function deleteAccount(db: Db, userId: number, password: string): Promise<void> {
  if ((await roleOf(db, userId)) === 'admin') throw conflict(MESSAGES.adminNotDeletable);
  if (!(await passwordIsRight(db, userId, password))) throw badRequest(MESSAGES.deletePasswordWrong);
  await db.transaction(async (tx) => {
    // First the cart: deleting its lines waits for a checkout that holds them, whose order the check then sees.
    await emptyCart(tx, userId);
    const open = await openOrderOf(tx, userId);
    if (open !== null) throw conflict(openOrderBlocksDeletionMessage(open));
    await anonymiseOrders(tx, userId);
    await endResetTokens(tx, userId);
    await endUserSessions(tx, userId);
    await emptyWishlist(tx, userId);
    await forgetAlertsOf(tx, userId);
    await anonymiseUser(tx, userId);
  });
}
