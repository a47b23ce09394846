import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table.ts';
import type { TaxDocument } from './document.ts';

/** Rule 46: numbers consecutive within a series and financial year, taken at commit (decision 027). */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind').$type<'invoice' | 'credit_note'>().notNull(),
    // Null only inside the issuing transaction, whose commit numbers it.
    number: text('number'),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial'),
    invoiceId: integer('invoice_id').references((): AnyPgColumn => taxDocuments.id),
    // A credit note for some returned lines (docs/product.md, Returns); null: the whole invoice reversed.
    returnId: integer('return_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    totalPaise: integer('total_paise').notNull(),
    document: jsonb('document').$type<TaxDocument>().notNull(),
  },
  (t) => [
    check('tax_documents_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('tax_documents_number_length_check', sql`length(${t.number}) <= 16`),
    uniqueIndex('tax_documents_number_idx').on(t.number),
    // One whole reversal per invoice; credit notes for returned lines may be several.
    uniqueIndex('tax_documents_invoice_idx')
      .on(t.invoiceId)
      .where(sql`${t.returnId} is null`),
    index('tax_documents_order_idx').on(t.orderId, t.kind, t.id),
    index('tax_documents_issued_idx').on(t.issuedAt),
  ],
);
