import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import {
  indiaDayEnd,
  indiaDayStart,
  paiseToRupees,
  type AdminOrderList,
  type Order,
  type OrderCancellation,
  type OrderItem,
  type OwnerOrderList,
  type Order as OrderJson,
  worksInAdmin,
} from '@shop/shared';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { taxDocuments } from '../invoices/invoices.table.ts';
import { shipments } from '../shipping/shipping.table.ts';
import { orderItems, orders, orderStatusHistory } from './orders.table.ts';
import { users } from '../users/users.table.ts';
import type { AdminListQuery, OrderFilters, OwnerListQuery } from './orders.schemas.ts';

export type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

export type OrderShipment = NonNullable<OrderJson['shipment']>;

export function toOrder(
  o: OrderRow,
  items: ItemRow[],
  numbers: DocumentNumbers = { invoiceNumber: null, creditNoteNumber: null },
  shipment: OrderShipment | null = null,
): Order {
  return {
    id: o.id,
    items: items.map((i): OrderItem => ({
      id: i.id,
      quantity: i.quantity,
      color: i.color,
      size: i.size,
      product: i.product,
      variant: i.variant,
      discountRupees: paiseToRupees(i.discountPaise),
    })),
    totalAmount: paiseToRupees(o.totalAmountPaise),
    totalItems: o.totalItems,
    user: o.userId,
    paymentMethod: o.paymentMethod,
    payment: { paymentMethod: o.paymentMethod, status: o.paymentStatus },
    selectedAddress: o.selectedAddress,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    invoiceNumber: numbers.invoiceNumber,
    creditNoteNumber: numbers.creditNoteNumber,
    codFee: paiseToRupees(o.codFeePaise),
    prepaidDiscount: paiseToRupees(o.prepaidDiscountPaise),
    confirmation: o.confirmation,
    confirmBy: o.confirmBy?.toISOString() ?? null,
    cashCollected: o.cashCollectedAt !== null,
    stage: o.stage,
    shippingRupees: paiseToRupees(o.shippingPaise),
    shipment,
    exchangeOf: o.exchangeOfReturnId,
    exchangeCredit: paiseToRupees(o.exchangeCreditPaise),
    discounts: (o.discounts ?? []).map(({ amountPaise, ...d }) => ({ ...d, amountRupees: paiseToRupees(amountPaise) })),
  };
}

/** Each order's live shipment, in one query for the page (docs/product.md, Shipping). */
async function liveShipments(db: DbOrTx, orderIds: number[]): Promise<Map<number, OrderShipment>> {
  const rows = await db
    .select({
      orderId: shipments.orderId,
      courier: shipments.courier,
      courierName: shipments.courierName,
      awb: shipments.awb,
      trackingUrl: shipments.trackingUrl,
      status: shipments.status,
      expectedDelivery: shipments.expectedDelivery,
    })
    .from(shipments)
    .where(and(inArray(shipments.orderId, orderIds), sql`${shipments.status} <> 'cancelled'`));
  return new Map(rows.map(({ orderId, awb, ...r }) => [orderId, { ...r, awb: awb ?? '' }]));
}

type DocumentNumbers = { invoiceNumber: string | null; creditNoteNumber: string | null };

async function documentNumbers(db: DbOrTx, orderIds: number[]): Promise<Map<number, DocumentNumbers>> {
  const rows = await db
    .select({ orderId: taxDocuments.orderId, kind: taxDocuments.kind, number: taxDocuments.number })
    .from(taxDocuments)
    .where(inArray(taxDocuments.orderId, orderIds))
    .orderBy(asc(taxDocuments.id));
  const found = new Map<number, DocumentNumbers>();
  for (const r of rows) {
    const entry = found.get(r.orderId) ?? { invoiceNumber: null, creditNoteNumber: null };
    if (r.kind === 'invoice') entry.invoiceNumber = r.number;
    else entry.creditNoteNumber = r.number;
    found.set(r.orderId, entry);
  }
  return found;
}

/** A document issued in a transaction that has just ended got its number at the commit (decision 027). */
export async function withDocumentNumbers(db: DbOrTx, order: Order): Promise<Order> {
  const numbers = (await documentNumbers(db, [order.id])).get(order.id);
  return { ...order, invoiceNumber: numbers?.invoiceNumber ?? null, creditNoteNumber: numbers?.creditNoteNumber ?? null };
}

/** The last cancel step of each cancelled order, in one query for the page. */
async function cancellations(db: DbOrTx, rows: Pick<OrderRow, 'id' | 'status' | 'userId'>[]): Promise<Map<number, OrderCancellation>> {
  const cancelled = rows.filter((o) => o.status === 'cancelled');
  const found = new Map<number, OrderCancellation>(cancelled.map((o) => [o.id, { byShopper: false, reason: null }]));
  if (cancelled.length === 0) return found;
  const steps = await db
    .selectDistinctOn([orderStatusHistory.orderId], {
      orderId: orderStatusHistory.orderId,
      by: orderStatusHistory.byUserId,
      reason: orderStatusHistory.reason,
    })
    .from(orderStatusHistory)
    .where(and(inArray(orderStatusHistory.orderId, [...found.keys()]), eq(orderStatusHistory.toStatus, 'cancelled')))
    .orderBy(orderStatusHistory.orderId, desc(orderStatusHistory.at), desc(orderStatusHistory.id));
  const owner = new Map(cancelled.map((o) => [o.id, o.userId]));
  for (const s of steps) found.set(s.orderId, { byShopper: s.by !== null && s.by === owner.get(s.orderId), reason: s.reason ?? null });
  return found;
}

async function withItems(db: DbOrTx, rows: OrderRow[], opts: { cancellation?: boolean } = {}): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const items = await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id));
  const numbers = await documentNumbers(db, ids);
  const parcels = await liveShipments(db, ids);
  const cancelled = opts.cancellation ? await cancellations(db, rows) : undefined;
  const byOrder = new Map<number, ItemRow[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return rows.map((o) => {
    const order = toOrder(o, byOrder.get(o.id) ?? [], numbers.get(o.id), parcels.get(o.id) ?? null);
    return cancelled ? { ...order, cancellation: cancelled.get(o.id) ?? null } : order;
  });
}

/** The order as the shopper's pages show it (docs/product.md, My Orders). */
export async function withCancellation(db: DbOrTx, order: Order): Promise<Order> {
  const found = await cancellations(db, [{ id: order.id, status: order.status, userId: order.user }]);
  return { ...order, cancellation: found.get(order.id) ?? null };
}

export async function loadOrder(db: DbOrTx, id: number): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw notFound('Order not found');
  return orderOfRow(db, row);
}

export async function orderOfRow(db: DbOrTx, row: OrderRow): Promise<Order> {
  return (await withItems(db, [row]))[0]!;
}

export async function itemLines(
  db: DbOrTx,
  orderIds: number[],
): Promise<{ productId: number; variantId: number | null; quantity: number; title: string }[]> {
  if (orderIds.length === 0) return [];
  const rows = await db
    .select({ productId: orderItems.productId, variantId: orderItems.variantId, quantity: orderItems.quantity, product: orderItems.product })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds));
  return rows.map((r) => ({ productId: r.productId, variantId: r.variantId, quantity: r.quantity, title: r.product.title }));
}

export async function listOwnerOrders(
  db: DbOrTx,
  userId: number,
  q: OwnerListQuery,
): Promise<OwnerOrderList> {
  const where = and(eq(orders.userId, userId), eq(orders.listed, true));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q._per_page)
      .offset((q._page - 1) * q._per_page),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { orders: await withItems(db, rows, { cancellation: true }), totalOrders: total?.n ?? 0 };
}

const SORT_COLUMNS = {
  totalAmount: orders.totalAmountPaise,
  paymentMethod: orders.paymentMethod,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
} as const;

const contains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The phone compares digits only, so "98200 12345" finds "+919820012345". */
export function orderFilterConditions(q: OrderFilters): SQL[] {
  const where: SQL[] = [eq(orders.listed, true)];
  const term = q.search?.trim().toLowerCase();
  if (term) {
    const pattern = contains(term);
    const address = (key: string) => sql`lower(${orders.selectedAddress}->>${key}) like ${pattern}`;
    // One branch per index, joined by UNION: an OR would read every listed order.
    const branches: SQL[] = [
      sql`select ${orders.id} from ${orders} where ${address('name')}`,
      sql`select ${orders.id} from ${orders} where ${address('email')}`,
      sql`select ${orders.id} from ${orders} where ${orders.userId} in (select ${users.id} from ${users} where lower(${users.name}) like ${pattern} or lower(${users.email}) like ${pattern})`,
    ];
    const number = /^#?(\d{1,9})$/.exec(term);
    if (number) branches.push(sql`select ${Number(number[1])}::integer`);
    const digits = term.replace(/\D/g, '');
    if (digits.length >= 4 && /^[\d\s+()-]+$/.test(term))
      branches.push(
        sql`select ${orders.id} from ${orders} where regexp_replace(${orders.selectedAddress}->>'phone', '[^0-9]', '', 'g') like ${`%${digits}%`}`,
      );
    where.push(sql`${orders.id} in (${sql.join(branches, sql` union `)})`);
  }
  if (q.status?.length) where.push(inArray(orders.status, q.status));
  if (q.paymentMethod) where.push(eq(orders.paymentMethod, q.paymentMethod));
  // A cancelled order keeps `awaiting` (the dashboard counts those); the list wants the ones still open.
  if (q.confirmation === 'awaiting')
    where.push(eq(orders.confirmation, 'awaiting'), eq(orders.status, 'pending'));
  if (q.from) where.push(gte(orders.createdAt, indiaDayStart(q.from)));
  if (q.to) where.push(lt(orders.createdAt, indiaDayEnd(q.to)));
  return where;
}

export async function listAdminOrders(db: DbOrTx, q: AdminListQuery): Promise<AdminOrderList> {
  const where = and(...orderFilterConditions(q));
  const dir = q._order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(dir(SORT_COLUMNS[q._sort]), dir(orders.id))
      .limit(q._per_page)
      .offset((q._page - 1) * q._per_page),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  // docs/product.md, Order calls: the admin list carries its orders under `products`.
  return { products: await withItems(db, rows), totalOrders: total?.n ?? 0 };
}

export async function ordersByIds(db: DbOrTx, ids: number[]): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, ids), eq(orders.listed, true)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return withItems(
    db,
    ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
  );
}

/** Anyone but the owner or an admin gets the same 404 as for an unknown id. */
export async function getOrder(db: DbOrTx, viewer: { id: number; role: string }, id: number): Promise<Order> {
  return (await withItems(db, [await getOrderRow(db, viewer, id)], { cancellation: true }))[0]!;
}

export async function getOrderRow(
  db: DbOrTx,
  viewer: { id: number; role: string },
  id: number,
): Promise<OrderRow> {
  const mine = worksInAdmin(viewer.role) ? undefined : eq(orders.userId, viewer.id);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), mine));
  if (!row) throw notFound('Order not found');
  return row;
}
