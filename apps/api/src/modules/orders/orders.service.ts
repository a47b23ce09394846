import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  paiseToRupees,
  STAGE_STATUS,
  type OrderStage,
  type Address,
  type Order,
  type OrderConfirmation,
  type PaymentMethod,
  type SizeUnit,
  type VariantRef,
} from '@shop/shared';
import { named, type Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { users } from '../users/users.table.ts';
import { toOrder } from './orders.queries.ts';
import { recordStatus } from './status-history.ts';
import { orderItems, orders, type OrderDiscount } from './orders.table.ts';

const MAX_ORDER_TOTAL_PAISE = 2_147_483_647;
const NAMED_ITEM_COUNTS = 8;

export interface PricedLine {
  productId: number;
  quantity: number;
  color: string;
  size: number;
  /** Its prices are the line's `product` prices already. */
  variant: VariantRef | null;
  product: {
    id: number;
    title: string;
    brand: string;
    category: string;
    thumbnail: string;
    pricePaise: number;
    discountPercentage: number;
    discountedPricePaise: number;
    hsn: string | null;
    gstRatePercent: number | null;
    sizeUnit: SizeUnit;
  };
}

export interface OrderCharges {
  /** The shipping charge (docs/product.md, Shipping charges). */
  shippingPaise: number;
  codFeePaise: number;
  prepaidDiscountPaise: number;
  confirmation: OrderConfirmation;
  confirmBy: Date | null;
  confirmToken: string | null;
}

export const NO_CHARGES: OrderCharges = {
  shippingPaise: 0,
  codFeePaise: 0,
  prepaidDiscountPaise: 0,
  confirmation: 'not_needed',
  confirmBy: null,
  confirmToken: null,
};

/** The goods at the prices they are sold at, before a COD fee or a prepaid discount. */
export function goodsValuePaise(lines: readonly Pick<PricedLine, 'quantity' | 'product'>[]): number {
  return lines.reduce((sum, l) => sum + l.product.discountedPricePaise * l.quantity, 0);
}

export async function insertOrder(
  tx: Tx,
  order: {
    userId: number;
    lines: PricedLine[];
    method: PaymentMethod;
    reservedUntil: Date | null;
    address: Address;
    /** Worked out by the checkout from the goods' value (goodsValuePaise) and the shop's COD settings. */
    charges: OrderCharges;
    /** An exchange's order (docs/product.md, Returns): paid for by the returned goods' value, up to its own. */
    exchange?: { returnId: number; creditPaise: number };
    /** docs/product.md, Promotions: each line's discount (in the lines' order) and what each promotion gave. */
    discounts?: { lines: number[]; applied: OrderDiscount[] };
  },
): Promise<Order> {
  const c = order.charges;
  const lineDiscounts = order.lines.map((_, i) => order.discounts?.lines[i] ?? 0);
  const discountPaise = lineDiscounts.reduce((s, d) => s + d, 0);
  const before = goodsValuePaise(order.lines) - discountPaise + c.shippingPaise + c.codFeePaise - c.prepaidDiscountPaise;
  const exchangeCreditPaise = Math.min(order.exchange?.creditPaise ?? 0, before);
  const totalAmountPaise = before - exchangeCreditPaise;
  // An exchange is the shop's to send: a card order's is paid already, a difference is collected in cash.
  const card = order.method === 'card' && !order.exchange;
  const settled = order.exchange !== undefined && totalAmountPaise === 0;
  const totalItems = order.lines.reduce((sum, l) => sum + l.quantity, 0);
  // The total is an integer column: a cart of costly lines could pass it and fail as a 500.
  if (totalAmountPaise > MAX_ORDER_TOTAL_PAISE) throw badRequest('Order total is too large');
  const [row] = await named(
    tx
      .insert(orders)
      .values({
        userId: order.userId,
        totalAmountPaise,
        totalItems,
        paymentMethod: order.method,
        paymentStatus: settled ? 'paid' : card ? 'awaiting' : 'pending',
        selectedAddress: order.address,
        status: 'pending',
        // The shop has the order once it is paid for, or is cash that needs no confirmation.
        stage: card || c.confirmation === 'awaiting' ? 'pending' : 'confirmed',
        listed: !card,
        reservedUntil: card ? order.reservedUntil : null,
        shippingPaise: c.shippingPaise,
        codFeePaise: c.codFeePaise,
        prepaidDiscountPaise: c.prepaidDiscountPaise,
        confirmation: c.confirmation,
        confirmBy: c.confirmBy,
        confirmToken: c.confirmToken,
        exchangeOfReturnId: order.exchange?.returnId ?? null,
        exchangeCreditPaise,
        discountPaise,
        discounts: order.discounts?.applied.length ? order.discounts.applied : null,
      })
      .returning(),
    'checkout_insert_order',
  );
  await recordStatus(tx, row!.id, null, 'pending', order.userId);
  const insertItems = tx
    .insert(orderItems)
    .values(
      order.lines.map((l, i) => ({
        orderId: row!.id,
        discountPaise: lineDiscounts[i]!,
        productId: l.productId,
        quantity: l.quantity,
        color: l.color,
        size: l.size,
        variantId: l.variant?.id ?? null,
        variant: l.variant,
        unitPricePaise: l.product.discountedPricePaise,
        product: {
          id: l.product.id,
          title: l.product.title,
          brand: l.product.brand,
          category: l.product.category,
          thumbnail: l.product.thumbnail,
          price: paiseToRupees(l.product.pricePaise),
          discountPercentage: l.product.discountPercentage,
          discountedPrice: paiseToRupees(l.product.discountedPricePaise),
          // The invoice taxes the line by the data as sold, not by today's product.
          hsn: l.product.hsn,
          gstRatePercent: l.product.gstRatePercent,
          sizeUnit: l.product.sizeUnit,
        },
      })),
    )
    .returning();
  // One statement name per line count, so the usual small orders reuse their plans.
  const items =
    order.lines.length <= NAMED_ITEM_COUNTS
      ? await named(insertItems, `checkout_insert_items_${order.lines.length}`)
      : await insertItems;
  return toOrder(row!, items);
}

/** The `awaiting` condition makes it safe against a payment arriving at the same moment and other sweepers. */
export async function cancelAwaitingOrders(
  tx: Tx,
  where: SQL,
  skipLocked: boolean,
  statement: string,
  limit: number,
): Promise<number[]> {
  // Written out, not a parameter: a prepared statement's plan can then use orders_awaiting_user_idx.
  const awaiting = sql`${orders.paymentStatus} = 'awaiting'`;
  const candidates = tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(awaiting, where))
    .orderBy(asc(orders.id))
    .limit(limit)
    .for('update', skipLocked ? { skipLocked: true } : {});
  const released = await named(
    tx
      .update(orders)
      .set({ status: 'cancelled', stage: 'cancelled', paymentStatus: 'expired', reservedUntil: null, updatedAt: new Date() })
      .where(and(inArray(orders.id, candidates), awaiting))
      .returning({ id: orders.id }),
    statement,
  );
  const ids = released.map((r) => r.id);
  // A lapsed hold is the shop's doing, not a person's.
  await recordStatus(tx, ids, 'pending', 'cancelled', null);
  return ids;
}

/** With `ownerId`, another shopper's order is the same 404 as an unknown one. `accountDeleted`: mail no one. */
export async function lockOrder(tx: Tx, id: number, listedOnly: boolean, ownerId?: number) {
  const [found] = await tx
    .select({ order: orders, email: users.email, accountDeleted: sql<boolean>`${users.deletedAt} is not null` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        eq(orders.id, id),
        listedOnly ? eq(orders.listed, true) : undefined,
        ownerId === undefined ? undefined : eq(orders.userId, ownerId),
      ),
    )
    .for('update', { of: orders });
  if (!found) throw notFound('Order not found');
  return found;
}

/** Only a pending order is paid (settlePaidOrder): the shop has it now. */
export async function markOrderPaid(tx: Tx, id: number) {
  const [row] = await tx
    .update(orders)
    .set({ paymentStatus: 'paid', stage: 'confirmed', listed: true, reservedUntil: null, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  return row!;
}

/** The stage and the SPEC status it means, together. */
export async function setOrderStage(tx: Tx, id: number, stage: OrderStage): Promise<void> {
  await tx.update(orders).set({ stage, status: STAGE_STATUS[stage], updatedAt: new Date() }).where(eq(orders.id, id));
}


/** A cash order confirmed (by the shopper's link or by staff): only while it awaits and is not cancelled. */
export async function markConfirmed(tx: Tx, id: number): Promise<void> {
  await tx
    .update(orders)
    .set({ confirmation: 'confirmed', stage: sql`case when ${orders.stage} = 'pending' then 'confirmed' else ${orders.stage} end`, updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.confirmation, 'awaiting')));
}

/** A delivered cash order's money is in (the courier collected it): its payment reads paid. */
export async function markCashCollected(tx: Tx, id: number, at: Date = new Date()): Promise<void> {
  await tx
    .update(orders)
    .set({ paymentStatus: 'paid', cashCollectedAt: at })
    .where(and(eq(orders.id, id), eq(orders.paymentMethod, 'cash'), sql`${orders.cashCollectedAt} is null`));
}
