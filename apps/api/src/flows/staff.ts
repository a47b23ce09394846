import { MESSAGES, type StaffAcceptBody, type StaffInviteBody, type StaffList } from '@shop/shared';
import type { Db } from '../db/client.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { endResetTokens, hashPassword } from '../modules/auth/auth.service.ts';
import { endUserSessions } from '../modules/auth/sessions.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { staffInviteMail } from '../modules/staff/invite-mail.ts';
import {
  INVITE_TTL_HOURS,
  createInvite,
  inviteLink,
  pendingInvites,
  revokeInvite,
  spendInvite,
} from '../modules/staff/staff.service.ts';
import {
  accountByEmail,
  demoteStaff,
  insertUser,
  setPasswordHash,
  staffMembers,
} from '../modules/users/users.service.ts';
import type { Effects } from './effects.ts';

export async function staffList(db: Db): Promise<StaffList> {
  return { staff: await staffMembers(db), invites: await pendingInvites(db) };
}

/** docs/product.md, Staff: the mail is a job in the invitation's own transaction. */
export async function inviteStaff(
  db: Db,
  fx: Effects,
  body: StaffInviteBody,
  ownerId: number,
): Promise<{ id: number }> {
  const id = await db.transaction(async (tx) => {
    const existing = await accountByEmail(tx, body.email);
    if (existing && existing.role !== 'user') throw conflict(MESSAGES.staffAlreadyInShop);
    const invite = await createInvite(tx, body, ownerId);
    const link = inviteLink(fx.webUrl, invite.token);
    const mail = staffInviteMail({
      name: body.name,
      link,
      validHours: INVITE_TTL_HOURS,
      shop: await getShopSettings(tx),
      publicUrl: fx.publicUrl,
    });
    await fx.jobs.send(tx, 'mail', { to: body.email, ...mail, link });
    return invite.id;
  });
  fx.jobs.wake('mail');
  return { id };
}

/**
 * docs/product.md, Staff: the spent token proves the mailbox, as a reset link does; a shopper account of
 * that email becomes staff with the new password, and its other sessions and reset links end.
 */
export async function acceptInvite(db: Db, body: StaffAcceptBody): Promise<number> {
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const invite = await spendInvite(tx, body.token);
    if (!invite) throw badRequest(MESSAGES.staffInviteInvalid);
    const existing = await accountByEmail(tx, invite.email);
    if (existing) {
      if (existing.role !== 'user') throw conflict(MESSAGES.staffAlreadyInShop);
      await endUserSessions(tx, existing.id);
      await endResetTokens(tx, existing.id);
      await setPasswordHash(tx, existing.id, passwordHash, 'staff');
      return existing.id;
    }
    const user = await insertUser(tx, {
      email: invite.email,
      name: invite.name,
      phoneNumber: '',
      role: 'staff',
      passwordHash,
    });
    if (!user) throw conflict(MESSAGES.staffAlreadyInShop);
    return user.id;
  });
}

/** docs/product.md, Staff: back to a shopper, and every session ends now (each request reads its session from the database). */
export async function removeStaff(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await demoteStaff(tx, id))) throw notFound(MESSAGES.staffNotFound);
    await endUserSessions(tx, id);
    await endResetTokens(tx, id);
  });
}

export async function withdrawInvite(db: Db, id: number): Promise<void> {
  if (!(await revokeInvite(db, id))) throw notFound(MESSAGES.staffInviteNotFound);
}
