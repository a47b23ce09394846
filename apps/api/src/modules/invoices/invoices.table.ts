import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table.ts';
import type { TaxDocument } from './document.ts';

/**
 * The last number given in each series and financial year (rule 46: consecutive, unique within the
 * year). Taken by the trigger `tax_documents_number` (migration 0014, decision 027) when the
 * transaction that issues the document commits: a rollback gives the number back, so the series has
 * no gaps, and the counter's row is locked only for the commit itself.
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

/** Tax invoices and credit notes, each with everything it prints as it was when issued. */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull(),
    /**
     * `INV/26-27/000001`, `CN/26-27/000001`: at most 16 characters (rule 46). Null only inside the
     * issuing transaction: its commit numbers the document (here, in `serial` and in `document`).
     */
    number: text('number'),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial'),
    /** A credit note's invoice. */
    invoiceId: integer('invoice_id').references((): AnyPgColumn => taxDocuments.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    totalPaise: integer('total_paise').notNull(),
    document: jsonb('document').$type<TaxDocument>().notNull(),
  },
  (t) => [
    check('tax_documents_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('tax_documents_number_length_check', sql`length(${t.number}) <= 16`),
    uniqueIndex('tax_documents_number_idx').on(t.number),
    // An invoice is credited at most once.
    uniqueIndex('tax_documents_invoice_idx').on(t.invoiceId),
    index('tax_documents_order_idx').on(t.orderId, t.kind, t.id),
    // The GST report reads a month of documents.
    index('tax_documents_issued_idx').on(t.issuedAt),
  ],
);
