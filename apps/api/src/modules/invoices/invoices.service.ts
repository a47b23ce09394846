import { and, desc, eq, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { financialYear, type Order, type ShopSettings } from '@shop/shared';
import { named, type DbOrTx, type Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { orders } from '../orders/orders.table.ts';
import { creditNoteDraft, invoiceDraft, type DocumentDraft, type DocumentKind, type TaxDocument } from './document.ts';
import { taxDocuments } from './invoices.table.ts';

/** An order's invoice, ready to be numbered: the seller as the shop's settings say now. */
export function draftInvoice(order: Order, shop: ShopSettings): DocumentDraft {
  return invoiceDraft(order, shop);
}

/**
 * Stores a document for its transaction's commit to number (decision 027): the trigger
 * `tax_documents_number` (migration 0014) takes the next number of its series and financial year
 * (`INV/26-27/000001`, at most 16 characters, rule 46) as the transaction commits, so the counter row
 * every invoice shares is locked only for the commit. Returns the stored row's id.
 */
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
        // The number is put in by the trigger.
        document: { ...draft, issuedAt: now.toISOString() } as TaxDocument,
      })
      .returning({ id: taxDocuments.id }),
    'invoice_insert',
  );
  return row!.id;
}

/** Issues a document and numbers it at once, for a caller that needs its number before the commit. */
export async function issueDocumentNow(tx: Tx, draft: DocumentDraft, invoiceId: number | null = null, now = new Date()): Promise<TaxDocument> {
  const id = await issueDocument(tx, draft, invoiceId, now);
  await tx.execute(sql`set constraints tax_documents_number immediate`);
  const [row] = await tx.select({ document: taxDocuments.document }).from(taxDocuments).where(eq(taxDocuments.id, id));
  return row!.document;
}

const credit = alias(taxDocuments, 'credit');

/** The order's invoice that no credit note has cancelled yet, if any. */
async function openInvoice(tx: DbOrTx, orderId: number) {
  const [row] = await tx
    .select({ id: taxDocuments.id, document: taxDocuments.document })
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.orderId, orderId),
        eq(taxDocuments.kind, 'invoice'),
        notExists(tx.select({ one: sql`1` }).from(credit).where(eq(credit.invoiceId, taxDocuments.id))),
      ),
    )
    .orderBy(desc(taxDocuments.id))
    .limit(1);
  return row;
}

/**
 * Cancelling an invoiced order issues a credit note for its open invoice (CGST Act s.34); an order
 * without one (already credited, or a late payment never invoiced) gets none. Called with the order locked.
 */
export async function creditOrder(tx: Tx, orderId: number, now = new Date()): Promise<TaxDocument | undefined> {
  const invoice = await openInvoice(tx, orderId);
  if (!invoice) return undefined;
  return issueDocumentNow(tx, creditNoteDraft(invoice.document), invoice.id, now);
}

/**
 * An order moved out of cancelled is a sale again: it gets a new invoice unless one is still open
 * (decision 017). Called with the order locked.
 */
export async function invoiceReopenedOrder(tx: Tx, order: Order, shop: ShopSettings, now = new Date()): Promise<TaxDocument | undefined> {
  if (await openInvoice(tx, order.id)) return undefined;
  return issueDocumentNow(tx, invoiceDraft(order, shop), null, now);
}

/** The order's latest document of a kind, for its owner or an admin; anyone else gets the same 404 as for none. */
export async function orderDocument(db: DbOrTx, viewer: { id: number; role: string }, orderId: number, kind: DocumentKind): Promise<TaxDocument> {
  const mine = viewer.role === 'admin' ? undefined : eq(orders.userId, viewer.id);
  const [row] = await db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, kind), mine))
    .orderBy(desc(taxDocuments.id))
    .limit(1);
  if (!row) throw notFound(kind === 'invoice' ? 'Invoice not found' : 'Credit note not found');
  return row.document;
}

/** The order's latest document of a kind, for a mail's attachment. */
export async function latestDocument(db: DbOrTx, orderId: number, kind: DocumentKind): Promise<TaxDocument | undefined> {
  const [row] = await db
    .select({ document: taxDocuments.document })
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, kind)))
    .orderBy(desc(taxDocuments.id))
    .limit(1);
  return row?.document;
}
