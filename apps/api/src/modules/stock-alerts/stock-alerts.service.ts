import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { products, productVariants } from '../products/products.table.ts';
import { users } from '../users/users.table.ts';
import { stockAlerts } from './stock-alerts.table.ts';

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export const hashAlertToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** docs/product.md, Back in stock: a guest's link works for a week; asking again sends a new one at most every 10 minutes. */
export const LINK_LIFE_HOURS = 7 * 24;
export const RESEND_AFTER_MINUTES = 10;

export interface AlertLine {
  productId: number;
  /** '' for the whole product; a colour alone: any size of it. */
  color: string;
  size: string;
  email: string;
}

/** A signed-in shopper's alert, on at once; one they asked for as a guest with the same email is confirmed by it. */
export async function subscribeConfirmed(db: DbOrTx, line: AlertLine, userId: number): Promise<void> {
  await db.execute(sql`
    insert into ${stockAlerts} (product_id, color, size, email, user_id, confirmed_at)
    values (${line.productId}, ${line.color}, ${line.size}, ${line.email}, ${userId}, now())
    on conflict (product_id, color, size, lower(email)) do update
      set user_id = excluded.user_id, confirmed_at = coalesce(${stockAlerts}.confirmed_at, now()), token_hash = null`);
}

/**
 * A guest's alert, waiting for the link with `tokenHash`'s token: true when that link is to be mailed, false
 * when none is due (confirmed already, or a link went out in the last minutes).
 */
export async function subscribeGuest(db: DbOrTx, line: AlertLine, tokenHash: string): Promise<boolean> {
  const inserted = await rows<{ id: number }>(
    db,
    sql`insert into ${stockAlerts} (product_id, color, size, email, token_hash)
        values (${line.productId}, ${line.color}, ${line.size}, ${line.email}, ${tokenHash})
        on conflict (product_id, color, size, lower(email)) do nothing
        returning id`,
  );
  if (inserted.length > 0) return true;
  // Asked again: a new link once the last is a few minutes old, so a form sent twice floods no inbox.
  const renewed = await rows<{ id: number }>(
    db,
    sql`update ${stockAlerts} set token_hash = ${tokenHash}, created_at = now()
        where product_id = ${line.productId} and color = ${line.color} and size = ${line.size} and lower(email) = lower(${line.email})
          and confirmed_at is null and created_at < now() - make_interval(mins => ${RESEND_AFTER_MINUTES})
        returning id`,
  );
  return renewed.length > 0;
}

/** The product whose alert the link confirms, or null for a link unknown, used or too old. */
export async function confirmByToken(db: DbOrTx, tokenHash: string): Promise<number | null> {
  const [row] = await rows<{ product_id: number }>(
    db,
    sql`update ${stockAlerts} set confirmed_at = now(), token_hash = null
        where token_hash = ${tokenHash} and confirmed_at is null and created_at > now() - make_interval(hours => ${LINK_LIFE_HOURS})
        returning product_id`,
  );
  return row?.product_id ?? null;
}

export interface RestockedAlert {
  id: number;
  productId: number;
  color: string;
  size: string;
  email: string;
  title: string;
}

/**
 * docs/product.md, Back in stock: takes (deletes) up to `limit` confirmed alerts whose product, colour or
 * colour × size has stock now. The rows are locked with SKIP LOCKED, so two sweeps at once take
 * different rows; the caller queues each one's mail in this same transaction.
 */
export async function takeRestocked(tx: Tx, limit: number): Promise<RestockedAlert[]> {
  return rows<RestockedAlert>(
    tx,
    sql`with due as (
          select a.id from ${stockAlerts} a
          join ${products} p on p.id = a.product_id and not p.deleted
          where a.confirmed_at is not null
            and case
              when not p.stock_per_variant or a.color = '' then p.stock > 0
              when a.size = '' then exists (select 1 from ${productVariants} v where v.product_id = a.product_id and lower(v.color) = lower(a.color) and v.stock > 0)
              else exists (select 1 from ${productVariants} v where v.product_id = a.product_id and v.color = a.color and v.size = a.size and v.stock > 0)
            end
          order by a.id
          limit ${limit}
          for update of a skip locked
        )
        delete from ${stockAlerts} s using due, ${products} p
        where s.id = due.id and p.id = s.product_id
        returning s.id, s.product_id as "productId", s.color, s.size, s.email, p.title`,
  );
}

/** docs/product.md, My Profile: a deleted account is mailed nothing more, also for what it asked as a guest with its email. */
export async function forgetAlertsOf(db: DbOrTx, userId: number): Promise<void> {
  await db.execute(sql`delete from ${stockAlerts} where user_id = ${userId} or lower(email) = (select lower(u.email) from ${users} u where u.id = ${userId})`);
}
