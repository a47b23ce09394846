import { and, asc, desc, eq, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { financialYear, type Order, type ShopSettings } from '@shop/shared';
import { named, type DbOrTx, type Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { orders } from '../orders/orders.table.ts';
import { creditNoteDraft, invoiceDraft, returnedLinesDraft, type ReturnedLine, type DocumentDraft, type DocumentKind, type TaxDocument } from './document.ts';
import { taxDocuments } from './invoices.table.ts';

export function draftInvoice(order: Order, shop: ShopSettings): DocumentDraft {
  return invoiceDraft(order, shop);
}

/** The trigger `tax_documents_number` numbers the document as the transaction commits (decision 027). */
export async function issueDocument(tx: Tx, draft: DocumentDraft, invoiceId: number | null = null, now = new Date()): Promise<number> {
  const [row] = await named(
    tx
      .insert(taxDocuments)
      .values({
        orderId: draft.orderId,
        kind: draft.kind,
        financialYear: financialYear(now),
        invoiceId,
        issuedAt: now,
        totalPaise: draft.totals.totalPaise,
        document: { ...draft, issuedAt: now.toISOString() } as TaxDocument,
      })
      .returning({ id: taxDocuments.id }),
    'invoice_insert',
  );
  return row!.id;
}

/** For a caller that needs the number before the commit. */
export async function issueDocumentNow(tx: Tx, draft: DocumentDraft, invoiceId: number | null = null, now = new Date()): Promise<TaxDocument> {
  const id = await issueDocument(tx, draft, invoiceId, now);
  await tx.execute(sql`set constraints tax_documents_number immediate`);
  const [row] = await tx.select({ document: taxDocuments.document }).from(taxDocuments).where(eq(taxDocuments.id, id));
  return row!.document;
}

const credit = alias(taxDocuments, 'credit');

async function openInvoice(tx: DbOrTx, orderId: number) {
  const [row] = await tx
    .select({ id: taxDocuments.id, document: taxDocuments.document })
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.orderId, orderId),
        eq(taxDocuments.kind, 'invoice'),
        notExists(tx.select({ one: sql`1` }).from(credit).where(and(eq(credit.invoiceId, taxDocuments.id), isNull(credit.returnId)))),
      ),
    )
    .orderBy(desc(taxDocuments.id))
    .limit(1);
  return row;
}

/** A cancelled order's open invoice gets a credit note (CGST Act s.34). Called with the order locked. */
export async function creditOrder(tx: Tx, orderId: number, now = new Date()): Promise<TaxDocument | undefined> {
  const invoice = await openInvoice(tx, orderId);
  if (!invoice) return undefined;
  return issueDocumentNow(tx, creditNoteDraft(invoice.document), invoice.id, now);
}

/**
 * docs/product.md, Returns: a credit note for the returned quantities of some lines of the order's
 * invoice (CGST Act s.34), in the credit-note series. Called with the order locked. Undefined when the
 * order has no invoice to credit.
 */
export async function creditReturnedLines(tx: Tx, orderId: number, returnId: number, lines: ReturnedLine[], now = new Date()) {
  const invoice = await openInvoice(tx, orderId);
  if (!invoice) return undefined;
  const id = await issueDocument(tx, returnedLinesDraft(invoice.document, lines), invoice.id, now);
  await tx.update(taxDocuments).set({ returnId }).where(eq(taxDocuments.id, id));
  await tx.execute(sql`set constraints tax_documents_number immediate`);
  const [row] = await tx.select({ document: taxDocuments.document }).from(taxDocuments).where(eq(taxDocuments.id, id));
  return { id, document: row!.document };
}

/** The order's credit notes, oldest first. */
export async function creditNotesOf(db: DbOrTx, orderId: number) {
  return db
    .select({ id: taxDocuments.id, number: taxDocuments.number, issuedAt: taxDocuments.issuedAt, totalPaise: taxDocuments.totalPaise, returnId: taxDocuments.returnId })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'credit_note')))
    .orderBy(asc(taxDocuments.id));
}

/** One credit note of an order by its id; anyone but the order's owner or staff gets the 404 of none. */
/** An order moved out of cancelled is a sale again (decision 017). Called with the order locked. */
export async function invoiceReopenedOrder(tx: Tx, order: Order, shop: ShopSettings, now = new Date()): Promise<TaxDocument | undefined> {
  if (await openInvoice(tx, order.id)) return undefined;
  return issueDocumentNow(tx, invoiceDraft(order, shop), null, now);
}

/**
 * The order's latest document of the kind, or with `docId` that one (an order may have several credit
 * notes, docs/product.md, Returns). Anyone but the owner or an admin gets the same 404 as for no document.
 */
export async function orderDocument(db: DbOrTx, viewer: { id: number; role: string }, orderId: number, kind: DocumentKind, docId?: number): Promise<TaxDocument> {
  const mine = viewer.role === 'admin' ? undefined : eq(orders.userId, viewer.id);
  const [row] = await db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, kind), mine, docId === undefined ? undefined : eq(taxDocuments.id, docId)))
    .orderBy(desc(taxDocuments.id))
    .limit(1);
  if (!row) throw notFound(kind === 'invoice' ? 'Invoice not found' : 'Credit note not found');
  return row.document;
}

export async function latestDocument(db: DbOrTx, orderId: number, kind: DocumentKind): Promise<TaxDocument | undefined> {
  const [row] = await db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, kind)))
    .orderBy(desc(taxDocuments.id))
    .limit(1);
  return row?.document;
}
