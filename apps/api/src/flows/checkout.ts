import { eq } from 'drizzle-orm';
import type { Order, OrderBody, ShopSettings } from '@shop/shared';
import { retryTransient, type Db, type Tx } from '../db/client.ts';
import { badRequest } from '../lib/errors.ts';
import { takeCheckoutLines } from '../modules/cart/cart.service.ts';
import { loadOrder, withDocumentNumbers } from '../modules/orders/orders.queries.ts';
import { draftInvoice, issueDocument } from '../modules/invoices/invoices.service.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { insertOrder } from '../modules/orders/orders.service.ts';
import { orders } from '../modules/orders/orders.table.ts';
import { takeStock, type ProductSnapshot } from '../modules/products/stock.ts';
import { claimKey, priorOrder, recordOrder, type IdempotencyKey } from './idempotency.ts';
import { releaseReservations } from './reservations.ts';

export type CheckoutMode = { method: 'cash' } | { method: 'card'; reservedUntil: Date };

/** What runs in a checkout's transaction once the order is in (checkout's `onPlaced`). */
export type PlacedHook = (tx: Tx, order: Order, shop: ShopSettings, taken: ProductSnapshot[]) => Promise<void>;

export interface CheckoutResult {
  order: Order;
  /** True when an Idempotency-Key matched an earlier request: the order is that request's. */
  replayed: boolean;
}

/**
 * Places an order from the user's own cart in ONE transaction (decision 003): server
 * prices, conditional stock decrements, the order and its item snapshots. Cash orders are listed
 * and empty the cart at once; card orders are a hidden reservation until paid, and keep the cart
 * so a failed or abandoned payment leaves the shopper's cart as it was.
 */
export async function checkout(
  db: Db,
  userId: number,
  body: OrderBody,
  mode: CheckoutMode,
  idempotency?: IdempotencyKey,
  /**
   * Runs in the order's transaction (its mail is enqueued there): nothing of it survives a rollback.
   * The shop settings come along, read once for the invoice, the mail and the low-stock alert, and
   * the products as their stock was taken (with the stock left).
   */
  onPlaced?: PlacedHook,
): Promise<CheckoutResult> {
  // Checkouts, payments and sweeps touching the same products may deadlock: the loser runs again.
  const result = await retryTransient(() =>
    db.transaction(async (tx) => {
      if (idempotency && !(await claimKey(tx, idempotency)))
        return { order: await loadOrder(tx, await priorOrder(tx, idempotency)), replayed: true };
      // One open card checkout per shopper: a new checkout releases the stock an earlier, unpaid
      // attempt still holds, so a dismissed payment window cannot starve the shopper's own order.
      await releaseReservations(tx, eq(orders.userId, userId), false, 'release_own_reservation');
      const card = mode.method === 'card';
      const lines = await takeCheckoutLines(tx, userId, card);
      if (lines.length === 0) throw badRequest('Your cart is empty');
      // Read before the stock is taken: from then on every round trip keeps the products' rows locked.
      const shop = await getShopSettings(tx);
      const snapshots = await takeStock(tx, lines, true);
      const order = await insertOrder(tx, {
        userId,
        lines: lines.map((l) => ({ ...l, product: snapshots.get(l.productId)! })),
        method: mode.method,
        reservedUntil: card ? mode.reservedUntil : null,
        address: body.selectedAddress,
      });
      // A cash sale is confirmed now: its tax invoice (issue 15). A card order's comes when it is paid.
      const invoice = card ? undefined : draftInvoice(order, shop);
      if (idempotency) await recordOrder(tx, idempotency, order.id);
      await onPlaced?.(tx, order, shop, [...snapshots.values()]);
      // Numbered by the commit (decision 027): the reply reads the number once committed.
      if (invoice) await issueDocument(tx, invoice);
      return { order, replayed: false };
    }),
  );
  return result.replayed || mode.method === 'card' ? result : { ...result, order: await withDocumentNumbers(db, result.order) };
}
