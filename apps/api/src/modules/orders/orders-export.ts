import type { Readable } from 'node:stream';
import { and, asc, desc, inArray, lt, or, eq } from 'drizzle-orm';
import { paiseToRupees } from '@shop/shared';
import type { Db } from '../../db/client.ts';
import { csvStream } from '../../lib/csv.ts';
import { orderFilterConditions } from './orders.queries.ts';
import type { OrderFilters } from './orders.schemas.ts';
import { orderItems, orders } from './orders.table.ts';

const BATCH = 1000;

const ORDER_CSV_COLUMNS = [
  'id',
  'createdAt',
  'updatedAt',
  'status',
  'paymentMethod',
  'payment.status',
  'totalAmount',
  'totalItems',
  'user',
  'selectedAddress.name',
  'selectedAddress.email',
  'selectedAddress.phone',
  'selectedAddress.street',
  'selectedAddress.city',
  'selectedAddress.state',
  'selectedAddress.pinCode',
  'items',
] as const;

/** The admin list's orders for these filters, newest first, read a batch at a time. */
export function exportOrders(db: Db, filters: OrderFilters): Readable {
  async function* rows() {
    let after: { createdAt: Date; id: number } | undefined;
    for (;;) {
      const page = await db
        .select()
        .from(orders)
        .where(
          and(
            ...orderFilterConditions(filters),
            after
              ? or(
                  lt(orders.createdAt, after.createdAt),
                  and(eq(orders.createdAt, after.createdAt), lt(orders.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(BATCH);
      if (page.length === 0) return;
      const items = await db
        .select({
          orderId: orderItems.orderId,
          quantity: orderItems.quantity,
          color: orderItems.color,
          size: orderItems.size,
          product: orderItems.product,
        })
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            page.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderItems.id));
      const lines = new Map<number, string[]>();
      for (const i of items)
        lines.set(i.orderId, [
          ...(lines.get(i.orderId) ?? []),
          `${i.quantity} × ${i.product.title} (${i.color}, ${i.size} in)`,
        ]);
      for (const o of page) {
        const a = o.selectedAddress;
        yield [
          o.id,
          o.createdAt.toISOString(),
          o.updatedAt.toISOString(),
          o.status,
          o.paymentMethod,
          o.paymentStatus,
          paiseToRupees(o.totalAmountPaise),
          o.totalItems,
          o.userId,
          a.name,
          a.email ?? '',
          a.phone,
          a.street,
          a.city,
          a.state,
          a.pinCode,
          (lines.get(o.id) ?? []).join(' | '),
        ];
      }
      if (page.length < BATCH) return;
      const last = page.at(-1)!;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }
  return csvStream(rows(), { header: true, columns: [...ORDER_CSV_COLUMNS], bom: true });
}
