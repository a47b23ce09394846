import type { GuestCartBody, GuestCartReply } from '@shop/shared';
import { retryTransient, type Db } from '../db/client.ts';
import { listCart, mergeGuestLines } from '../modules/cart/cart.service.ts';
import { claimKey } from './idempotency.ts';

/**
 * docs/product.md, Cart: a guest's cart joins the account's at sign-in. A repeat of the same request
 * (its Idempotency-Key, after a lost reply) adds nothing again and answers the cart as it is.
 */
export async function mergeGuestCart(db: Db, userId: number, body: GuestCartBody, key: string | undefined): Promise<GuestCartReply> {
  return retryTransient(() =>
    db.transaction(async (tx) => {
      const fresh = key === undefined || (await claimKey(tx, { scope: `cart-merge:${userId}`, key }));
      const changes = fresh ? await mergeGuestLines(tx, userId, body) : [];
      return { items: await listCart(tx, userId), changes };
    }),
  );
}
