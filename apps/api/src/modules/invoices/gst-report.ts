import { and, gte, lt, sql } from 'drizzle-orm';
import { indiaDate, indiaMonthBounds } from '@shop/shared';
import type { DbOrTx } from '../../db/client.ts';
import { csvText, Figure, type CsvCell } from '../../lib/csv.ts';
import { taxDocuments } from './invoices.table.ts';

interface TaxSums {
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}

interface B2csRow extends TaxSums {
  place: string;
  code: string | null;
  rate: number;
}

/** One registered buyer's document at one rate (GSTR-1 tables 4 and 9B list each document by rate). */
interface RegisteredRow extends B2csRow {
  gstin: string;
  name: string;
  number: string;
  issuedAt: Date | string;
  value: number;
}

interface HsnRow extends TaxSums {
  b2b: boolean;
  hsn: string;
  rate: number;
  quantity: number;
  total: number;
}

const rupees = (paise: number) => new Figure((paise / 100).toFixed(2));
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The GSTN offline tool's dd-mmm-yyyy, in India's time. */
function gstDate(at: Date | string): string {
  const [y, m, d] = indiaDate(new Date(at)).split('-');
  return `${d}-${MONTHS[Number(m) - 1]}-${y}`;
}
const place = (r: { place: string; code: string | null }) => (r.code ? `${r.code}-${r.place}` : r.place);
const taxes = (r: TaxSums) => [rupees(Number(r.taxable)), rupees(Number(r.igst)), rupees(Number(r.cgst)), rupees(Number(r.sgst)), '0.00'];
const TAX_HEADS = ['Taxable value', 'Integrated tax', 'Central tax', 'State/UT tax', 'Cess'];

/**
 * GSTR-1 tables 4 (B2B, per invoice), 7 (B2CS: every consumer sale here is below the B2CL limit),
 * 9B (CDNR: credit notes of B2B invoices) and 12 (HSN, B2B and B2C apart), from the documents' frozen
 * lines. A B2C credit note subtracts in the month it was issued; a B2B one is listed as a note.
 */
export async function gstReport(db: DbOrTx, month: string): Promise<string> {
  const [from, to] = indiaMonthBounds(month);
  const doc = taxDocuments.document;
  const sign = sql`case when ${taxDocuments.kind} = 'credit_note' then -1 else 1 end`;
  const line = sql`line`;
  const inMonth = and(gte(taxDocuments.issuedAt, from), lt(taxDocuments.issuedAt, to));
  const b2b = sql`coalesce(${doc}->'buyer'->>'gstin', '') <> ''`;
  const lines = sql`${taxDocuments}, jsonb_array_elements(${doc}->'lines') as line`;
  const num = (field: string, signed = true) => sql`sum(${signed ? sign : sql`1`} * (${line}->>${field})::bigint)::bigint`;
  const taxSums = (signed = true) =>
    sql`${num('taxablePaise', signed)} as taxable, ${num('igstPaise', signed)} as igst, ${num('cgstPaise', signed)} as cgst, ${num('sgstPaise', signed)} as sgst`;
  const placeCols = sql`${doc}->'placeOfSupply'->>'state' as place, ${doc}->'placeOfSupply'->>'code' as code`;

  const b2cs = (await db.execute(sql`
    select ${placeCols}, (${line}->>'ratePercent')::int as rate, ${taxSums()}
    from ${lines} where ${inMonth} and not ${b2b}
    group by 1, 2, 3 order by 2 nulls last, 1, 3`)) as unknown as { rows: B2csRow[] };
  const registered = (kind: 'invoice' | 'credit_note') => sql`
    select ${doc}->'buyer'->>'gstin' as gstin,
           coalesce(${doc}->'buyer'->>'businessName', ${doc}->'buyer'->>'name') as name,
           ${taxDocuments.number} as number, ${taxDocuments.issuedAt} as "issuedAt", ${taxDocuments.totalPaise} as value,
           ${placeCols}, (${line}->>'ratePercent')::int as rate, ${taxSums(false)}
    from ${lines} where ${inMonth} and ${b2b} and ${taxDocuments.kind} = ${kind}
    group by ${taxDocuments.id}, 6, 7, 8 order by ${taxDocuments.issuedAt}, ${taxDocuments.number}, 8`;
  const b2bInvoices = (await db.execute(registered('invoice'))) as unknown as { rows: RegisteredRow[] };
  const b2bNotes = (await db.execute(registered('credit_note'))) as unknown as { rows: RegisteredRow[] };
  const hsn = (await db.execute(sql`
    select ${b2b} as b2b, ${line}->>'hsn' as hsn, (${line}->>'ratePercent')::int as rate,
           ${num('quantity')} as quantity, ${num('amountPaise')} as total, ${taxSums()}
    from ${lines} where ${inMonth}
    group by 1, 2, 3 order by 1 desc, 2, 3`)) as unknown as { rows: HsnRow[] };

  const registeredHead = (r: RegisteredRow) => [r.gstin, r.name, r.number, gstDate(r.issuedAt)];
  const hsnRows = (forB2b: boolean) =>
    hsn.rows
      .filter((r) => r.b2b === forB2b)
      .map((r) => [r.hsn, '', 'PCS-PIECES', Number(r.quantity), Number(r.rate), rupees(Number(r.total)), ...taxes(r)]);
  const hsnHead = ['HSN', 'Description', 'UQC', 'Total quantity', 'Rate', 'Total value', ...TAX_HEADS];
  const out: CsvCell[][] = [
    [`GST report for ${month}`, 'amounts in rupees; B2C credit notes subtract in the month they were issued'],
    [],
    ['B2B (GSTR-1 table 4)'],
    ['GSTIN/UIN of Recipient', 'Receiver Name', 'Invoice Number', 'Invoice date', 'Invoice Value', 'Place Of Supply', 'Reverse Charge', 'Invoice Type', 'Rate', ...TAX_HEADS],
    ...b2bInvoices.rows.map((r) => [...registeredHead(r), rupees(Number(r.value)), place(r), 'N', 'Regular B2B', Number(r.rate), ...taxes(r)]),
    [],
    ['B2CS (GSTR-1 table 7)'],
    ['Type', 'Place of supply', 'Rate', ...TAX_HEADS],
    ...b2cs.rows.map((r) => ['OE', place(r), Number(r.rate), ...taxes(r)]),
    [],
    ['CDNR (GSTR-1 table 9B)'],
    ['GSTIN/UIN of Recipient', 'Receiver Name', 'Note Number', 'Note Date', 'Note Type', 'Place Of Supply', 'Reverse Charge', 'Note Supply Type', 'Note Value', 'Rate', ...TAX_HEADS],
    ...b2bNotes.rows.map((r) => [...registeredHead(r), 'C', place(r), 'N', 'Regular B2B', rupees(Number(r.value)), Number(r.rate), ...taxes(r)]),
    [],
    ['HSN summary, B2B (GSTR-1 table 12)'],
    hsnHead,
    ...hsnRows(true),
    [],
    ['HSN summary, B2C (GSTR-1 table 12)'],
    hsnHead,
    ...hsnRows(false),
  ];
  return csvText(out, { record_delimiter: 'windows' });
}
