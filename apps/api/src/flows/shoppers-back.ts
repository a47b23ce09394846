import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  formatRupees,
  paiseToRupees,
  WISHLIST_MESSAGES,
  type NotifyMeReply,
  type PriceDropMails,
  type Wishlist,
} from '@shop/shared';
import type { Db, DbOrTx } from '../db/client.ts';
import { badRequest, conflict, notFound, unauthorized } from '../lib/errors.ts';
import { render } from '../modules/orders/order-mail.ts';
import { PRODUCT_NOT_FOUND, type ReadCache, type SaleOf } from '../modules/products/products.queries.ts';
import { products, productVariants } from '../modules/products/products.table.ts';
import { getShopSettings } from '../modules/settings/settings.service.ts';
import { hashAlertToken, LINK_LIFE_HOURS, subscribeConfirmed, subscribeGuest, takeRestocked, confirmByToken, type AlertLine } from '../modules/stock-alerts/stock-alerts.service.ts';
import { users } from '../modules/users/users.table.ts';
import {
  dropItem,
  keepItem,
  keptProductIds,
  liveProducts,
  priceWatchRows,
  moveMarks,
  setMailedPrice,
  wishlistRows,
  type PriceWatchRow,
} from '../modules/wishlist/wishlist.service.ts';
import type { Effects } from './effects.ts';
import { saleBook } from './promotions.ts';

// docs/product.md, Wishlist and Back in stock: what a shopper keeps, what they wait for, and the mails that
// bring them back (a price drop at most once a day; a restock once, then the alert is gone).

const RESTOCK_BATCH = 100;
const productLink = (fx: Pick<Effects, 'webUrl'>, id: number) => `${fx.webUrl}/product-detail/${id}`;

/** What the shopper would pay for one piece now: the automatic sale's price when one applies. */
function priceNow(saleOf: SaleOf | undefined, p: { id: number; category: string; brand: string; discountedPricePaise: number }): number {
  const sale = saleOf?.({ id: p.id, category: p.category, brand: p.brand, unitPaise: p.discountedPricePaise });
  return sale?.salePaise ?? p.discountedPricePaise;
}

/** `GET /api/wishlist`: newest first, each product as it is now; a deleted one stays, marked, until removed. */
export async function wishlistOf(db: Db, userId: number, cache: ReadCache): Promise<Wishlist> {
  const found = await wishlistRows(db, userId);
  const saleOf = await saleBook(db, cache);
  return {
    items: found.map((r) => {
      const sale = r.deleted ? null : saleOf?.({ id: r.productId, category: r.category, brand: r.brand, unitPaise: r.discountedPricePaise });
      return {
        productId: r.productId,
        addedAt: r.addedAt.toISOString(),
        title: r.title,
        brand: r.brand,
        thumbnail: r.thumbnail,
        price: paiseToRupees(r.pricePaise),
        discountedPrice: paiseToRupees(r.discountedPricePaise),
        ...(sale && sale.salePaise !== null && { salePrice: paiseToRupees(sale.salePaise) }),
        stock: r.stock,
        deleted: r.deleted,
      };
    }),
  };
}

/** `PUT /api/wishlist/:productId`: idempotent; the price seen now is the mark a later drop is measured from. */
export async function keepProduct(db: Db, userId: number, productId: number, cache: ReadCache): Promise<void> {
  const [product] = await liveProducts(db, [productId]);
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  const result = await keepItem(db, userId, productId, priceNow(await saleBook(db, cache), product));
  if (result === 'full') throw conflict(WISHLIST_MESSAGES.full);
}

export async function forgetProduct(db: Db, userId: number, productId: number): Promise<void> {
  await dropItem(db, userId, productId);
}

/**
 * `POST /api/wishlist/merge`: a visitor's list joins the account's at sign-in. Unknown and deleted products
 * are skipped, and what does not fit under the cap is left out; the first of the list is the newest.
 */
export async function mergeWishlist(db: Db, userId: number, productIds: number[], cache: ReadCache): Promise<Wishlist> {
  const wanted = [...new Set(productIds)];
  const live = new Map((await liveProducts(db, wanted)).map((p) => [p.id, p]));
  const kept = await keptProductIds(db, userId);
  const saleOf = await saleBook(db, cache);
  const now = Date.now();
  // Oldest first, a millisecond apart, so the list keeps the visitor's order (newest first).
  const fresh = wanted.filter((id) => live.has(id) && !kept.has(id)).reverse();
  for (const [i, id] of fresh.entries()) {
    if ((await keepItem(db, userId, id, priceNow(saleOf, live.get(id)!), new Date(now + i))) === 'full') break;
  }
  return wishlistOf(db, userId, cache);
}

export async function priceDropMailsOf(db: DbOrTx, userId: number): Promise<PriceDropMails> {
  const [row] = await db.select({ priceDropMails: users.priceDropMails }).from(users).where(eq(users.id, userId));
  if (!row) throw unauthorized();
  return row;
}

export async function setPriceDropMails(db: DbOrTx, userId: number, on: boolean): Promise<PriceDropMails> {
  const [row] = await db.update(users).set({ priceDropMails: on }).where(eq(users.id, userId)).returning({ priceDropMails: users.priceDropMails });
  if (!row) throw unauthorized();
  return row;
}

interface NotifyBody {
  color?: string | undefined;
  size?: string | number | undefined;
  email?: string | undefined;
}

/** The alert's line: a variant the product sells, or the whole product; 409 while it is in stock. */
async function alertLine(db: DbOrTx, productId: number, body: NotifyBody, email: string): Promise<AlertLine> {
  const [p] = await db
    .select({ id: products.id, stock: products.stock, perVariant: products.stockPerVariant })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.deleted, false)));
  if (!p) throw notFound(PRODUCT_NOT_FOUND);
  const color = body.color ?? '';
  const size = body.size === undefined ? '' : String(body.size);
  // One shared stock: the colour and size picked do not matter, the whole product is waited for.
  if (!p.perVariant || (color === '' && size === '')) {
    if (p.stock > 0) throw conflict(WISHLIST_MESSAGES.inStock);
    return { productId, color: '', size: '', email };
  }
  if (color === '') throw badRequest(WISHLIST_MESSAGES.sizeWithoutColour);
  const variants = await db
    .select({ color: productVariants.color, size: productVariants.size, stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  const ofColour = variants.filter((v) => v.color.toLowerCase() === color.toLowerCase());
  const matching = size === '' ? ofColour : ofColour.filter((v) => v.size === size);
  if (matching.length === 0) throw badRequest(WISHLIST_MESSAGES.notAVariant);
  if (matching.some((v) => v.stock > 0)) throw conflict(WISHLIST_MESSAGES.inStock);
  return { productId, color: matching[0]!.color, size, email };
}

/**
 * `POST /api/products/:id/notify-me`: a signed-in shopper's alert is on at once (their account's email);
 * a guest's waits for the link mailed to them. Asking twice adds nothing.
 */
export async function notifyMe(db: Db, fx: Effects, productId: number, body: NotifyBody, user: { id: number; email: string } | null): Promise<NotifyMeReply> {
  if (user) {
    const line = await alertLine(db, productId, body, user.email);
    await subscribeConfirmed(db, line, user.id);
    return { status: 'subscribed', message: WISHLIST_MESSAGES.subscribed };
  }
  if (!body.email) throw badRequest(WISHLIST_MESSAGES.needEmail);
  const line = await alertLine(db, productId, body, body.email.toLowerCase());
  const token = randomBytes(24).toString('base64url');
  await db.transaction(async (tx) => {
    if (!(await subscribeGuest(tx, line, hashAlertToken(token)))) return;
    const [p] = await tx.select({ title: products.title }).from(products).where(eq(products.id, productId));
    const shop = await getShopSettings(tx);
    const link = `${fx.webUrl}/notify-me/confirm?token=${token}`;
    await fx.jobs.send(
      tx,
      'mail',
      render(
        line.email,
        `Confirm: tell me when ${p!.title} is back`,
        [
          'Namaste,',
          'you asked us to mail you when this is back in stock:',
          `Please confirm it is you by opening this link (it works for ${LINK_LIFE_HOURS / 24} days): ${link}`,
          'If you did not ask, ignore this mail: we will not write again.',
        ],
        [lineText(p!.title, line)],
        shop,
        fx,
        true,
      ),
    );
  });
  fx.jobs.wake('mail');
  return { status: 'confirm', message: WISHLIST_MESSAGES.confirm };
}

function lineText(title: string, line: Pick<AlertLine, 'color' | 'size'>): string {
  const picks = [line.color && `colour ${line.color}`, line.size && `size ${line.size}`].filter(Boolean).join(', ');
  return picks ? `${title} (${picks})` : title;
}

/** `POST /api/notify-me/confirm`. */
export async function confirmNotifyMe(db: Db, token: string): Promise<{ message: string; productId: number }> {
  const productId = await confirmByToken(db, hashAlertToken(token));
  if (productId === null) throw notFound(WISHLIST_MESSAGES.badLink);
  return { message: WISHLIST_MESSAGES.confirmed, productId };
}

/**
 * The restock sweep (every minute): each confirmed alert whose stock came back is deleted and its mail
 * queued in one transaction, batch by batch. Two processes sweeping at once take different rows (SKIP
 * LOCKED); a crash rolls the deletion back with the mails. A stock that stayed at 0 matches nothing.
 */
export async function sweepRestocked(db: Db, fx: Effects): Promise<number> {
  let mailed = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const due = await takeRestocked(tx, RESTOCK_BATCH);
      if (due.length === 0) return 0;
      const shop = await getShopSettings(tx);
      for (const a of due) {
        const link = productLink(fx, a.productId);
        await fx.jobs.send(
          tx,
          'mail',
          render(a.email, `Back in stock: ${a.title}`, ['Namaste,', 'good news: what you were waiting for is back in stock.', `Order it before it is gone again: ${link}`, 'We will not mail you about it again.'], [lineText(a.title, a)], shop, fx, true),
        );
      }
      return due.length;
    });
    mailed += taken;
    if (taken < RESTOCK_BATCH) break;
  }
  if (mailed > 0) fx.jobs.wake('mail');
  return mailed;
}

/**
 * The price-drop sweep (every minute): a shopper who takes the mails and had none in 24 hours gets one
 * listing what dropped below the price last told to them; those prices become the new marks. Under the
 * shopper's row lock (SKIP LOCKED), so two processes never both mail; a price that went up is the new mark
 * silently, and so is any price for a shopper who takes no such mails. Returns how many shoppers were mailed.
 */
export async function sweepPriceDrops(db: Db, fx: Effects, cache: ReadCache): Promise<number> {
  const saleOf = await saleBook(db, cache);
  const watched = await priceWatchRows(db, saleOf !== undefined);
  if (watched.length === 0) return 0;
  const marks: { userId: number; productId: number; pricePaise: number }[] = [];
  const drops = new Map<number, (PriceWatchRow & { nowPaise: number })[]>();
  for (const r of watched) {
    const nowPaise = priceNow(saleOf, { id: r.productId, category: r.category, brand: r.brand, discountedPricePaise: r.discountedPricePaise });
    // A shopper who takes no such mails gets the new price as the mark at once: nothing waits to be told.
    if (nowPaise > r.mailedPricePaise || (nowPaise < r.mailedPricePaise && !r.mails)) marks.push({ userId: r.userId, productId: r.productId, pricePaise: nowPaise });
    else if (nowPaise < r.mailedPricePaise && r.due) drops.set(r.userId, [...(drops.get(r.userId) ?? []), { ...r, nowPaise }]);
  }
  await moveMarks(db, marks);
  let mailed = 0;
  for (const [userId, items] of drops) {
    const sent = await db.transaction(async (tx) => {
      const [shopper] = await tx
        .select({ email: users.email, name: users.name })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            eq(users.priceDropMails, true),
            sql`${users.deletedAt} is null and (${users.priceDropMailedAt} is null or ${users.priceDropMailedAt} < now() - interval '24 hours')`,
          ),
        )
        .for('update', { skipLocked: true });
      if (!shopper) return false;
      for (const i of items) await setMailedPrice(tx, userId, i.productId, i.nowPaise);
      await tx.update(users).set({ priceDropMailedAt: new Date() }).where(eq(users.id, userId));
      const shop = await getShopSettings(tx);
      await fx.jobs.send(
        tx,
        'mail',
        render(
          shopper.email,
          items.length === 1 ? `Price drop: ${items[0]!.title}` : `Price drops on ${items.length} things you love`,
          [
            `Namaste ${shopper.name},`,
            'prices dropped on your wishlist:',
            `See your wishlist: ${fx.webUrl}/wishlist`,
            `You can stop these mails in your profile: ${fx.webUrl}/profile`,
          ],
          items.map((i) => `${i.title}: now ${formatRupees(paiseToRupees(i.nowPaise))} (was ${formatRupees(paiseToRupees(i.mailedPricePaise))}) ${productLink(fx, i.productId)}`),
          shop,
          fx,
          true,
        ),
      );
      return true;
    });
    if (sent) mailed++;
  }
  if (mailed > 0) fx.jobs.wake('mail');
  return mailed;
}
