import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, lt, or, isNotNull, sql } from 'drizzle-orm';
import type { StaffInvite } from '@shop/shared';
import type { DbOrTx } from '../../db/client.ts';
import { staffInvites } from './staff.table.ts';

export const INVITE_TTL_HOURS = 48;

const hashInviteToken = (token: string) => createHash('sha256').update(token).digest('hex');
const sameEmail = (email: string) => eq(sql`lower(${staffInvites.email})`, email.toLowerCase());

export interface NewInvite {
  id: number;
  token: string;
  expiresAt: Date;
}

/** A second invitation to the same address replaces the first, whose link then stops working. */
export async function createInvite(
  db: DbOrTx,
  who: { name: string; email: string },
  invitedBy: number,
): Promise<NewInvite> {
  const now = new Date();
  await db
    .delete(staffInvites)
    .where(
      or(
        and(sameEmail(who.email), isNull(staffInvites.usedAt)),
        lt(staffInvites.expiresAt, now),
        isNotNull(staffInvites.usedAt),
      ),
    );
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITE_TTL_HOURS * 3_600_000);
  const [row] = await db
    .insert(staffInvites)
    .values({ name: who.name, email: who.email, tokenHash: hashInviteToken(token), expiresAt, invitedBy })
    .returning({ id: staffInvites.id });
  return { id: row!.id, token, expiresAt };
}

export function inviteLink(webUrl: string, token: string): string {
  return `${webUrl}/staff/accept?${new URLSearchParams({ token }).toString()}`;
}

export async function pendingInvites(db: DbOrTx): Promise<StaffInvite[]> {
  const rows = await db
    .select()
    .from(staffInvites)
    .where(and(isNull(staffInvites.usedAt), gt(staffInvites.expiresAt, new Date())))
    .orderBy(asc(staffInvites.createdAt), asc(staffInvites.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    invitedAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
  }));
}

/** False when there is no pending invitation of that id. */
export async function revokeInvite(db: DbOrTx, id: number): Promise<boolean> {
  const gone = await db
    .delete(staffInvites)
    .where(and(eq(staffInvites.id, id), isNull(staffInvites.usedAt)))
    .returning({ id: staffInvites.id });
  return gone.length > 0;
}

/** Single use: of two simultaneous uses the row lock lets one through. Null for an unknown, spent or expired token. */
export async function spendInvite(
  db: DbOrTx,
  token: string,
): Promise<{ email: string; name: string } | null> {
  const now = new Date();
  const [row] = await db
    .update(staffInvites)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffInvites.tokenHash, hashInviteToken(token)),
        isNull(staffInvites.usedAt),
        gt(staffInvites.expiresAt, now),
      ),
    )
    .returning({ email: staffInvites.email, name: staffInvites.name });
  return row ?? null;
}
