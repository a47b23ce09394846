import { and, gte, lt, sql } from 'drizzle-orm';
import { indiaMonthBounds } from '@shop/shared';
import type { DbOrTx } from '../../db/client.ts';
import { csvText, Figure, type CsvCell } from '../../lib/csv.ts';
import { taxDocuments } from './invoices.table.ts';

interface B2csRow {
  place: string;
  code: string | null;
  rate: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}

interface HsnRow {
  hsn: string;
  rate: number;
  quantity: number;
  total: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
}

const rupees = (paise: number) => new Figure((paise / 100).toFixed(2));

/**
 * GSTR-1 tables 7 (B2CS: every sale here is B2C below the B2CL limit) and 12 (HSN), from the
 * documents' frozen lines; a credit note subtracts in the month it was issued.
 */
export async function gstReport(db: DbOrTx, month: string): Promise<string> {
  const [from, to] = indiaMonthBounds(month);
  const sign = sql`case when ${taxDocuments.kind} = 'credit_note' then -1 else 1 end`;
  const line = sql`line`;
  const inMonth = and(gte(taxDocuments.issuedAt, from), lt(taxDocuments.issuedAt, to));
  const lines = sql`${taxDocuments}, jsonb_array_elements(${taxDocuments.document}->'lines') as line`;
  const num = (field: string) => sql`sum(${sign} * (${line}->>${field})::bigint)::bigint`;
  const b2cs = (await db.execute(sql`
    select ${taxDocuments.document}->'placeOfSupply'->>'state' as place,
           ${taxDocuments.document}->'placeOfSupply'->>'code' as code,
           (${line}->>'ratePercent')::int as rate,
           ${num('taxablePaise')} as taxable, ${num('igstPaise')} as igst,
           ${num('cgstPaise')} as cgst, ${num('sgstPaise')} as sgst
    from ${lines} where ${inMonth}
    group by 1, 2, 3 order by 2 nulls last, 1, 3`)) as unknown as { rows: B2csRow[] };
  const hsn = (await db.execute(sql`
    select ${line}->>'hsn' as hsn, (${line}->>'ratePercent')::int as rate,
           ${num('quantity')} as quantity, ${num('amountPaise')} as total, ${num('taxablePaise')} as taxable,
           ${num('igstPaise')} as igst, ${num('cgstPaise')} as cgst, ${num('sgstPaise')} as sgst
    from ${lines} where ${inMonth}
    group by 1, 2 order by 1, 2`)) as unknown as { rows: HsnRow[] };

  const out: CsvCell[][] = [
    [`GST report for ${month}`, 'amounts in rupees; credit notes subtract in the month they were issued'],
    [],
    ['B2CS (GSTR-1 table 7)'],
    ['Type', 'Place of supply', 'Rate', 'Taxable value', 'Integrated tax', 'Central tax', 'State/UT tax', 'Cess'],
    ...b2cs.rows.map((r) => [
      'OE',
      r.code ? `${r.code}-${r.place}` : r.place,
      Number(r.rate),
      rupees(Number(r.taxable)),
      rupees(Number(r.igst)),
      rupees(Number(r.cgst)),
      rupees(Number(r.sgst)),
      '0.00',
    ]),
    [],
    ['HSN summary (GSTR-1 table 12)'],
    ['HSN', 'Description', 'UQC', 'Total quantity', 'Rate', 'Total value', 'Taxable value', 'Integrated tax', 'Central tax', 'State/UT tax', 'Cess'],
    ...hsn.rows.map((r) => [
      r.hsn,
      '',
      'PCS-PIECES',
      Number(r.quantity),
      Number(r.rate),
      rupees(Number(r.total)),
      rupees(Number(r.taxable)),
      rupees(Number(r.igst)),
      rupees(Number(r.cgst)),
      rupees(Number(r.sgst)),
      '0.00',
    ]),
  ];
  return csvText(out, { record_delimiter: 'windows' });
}
