import type { DbOrTx } from '../../db/client.ts';
import { documentFileName, type DocumentKind, type TaxDocument } from './document.ts';
import { latestDocument } from './invoices.service.ts';

/**
 * An order's latest invoice or credit note as a mail attachment; undefined when it has none. The PDF
 * is drawn by `render`: the mail worker's PDF thread (decision 026).
 */
export async function documentAttachment(db: DbOrTx, orderId: number, kind: DocumentKind, render: (doc: TaxDocument) => Promise<Buffer>) {
  const doc = await latestDocument(db, orderId, kind);
  if (!doc) return undefined;
  return { filename: documentFileName(doc), content: await render(doc), contentType: 'application/pdf' };
}
