import type { DbOrTx } from '../../db/client.ts';
import type { DocumentKind } from './document.ts';
import { documentFileName, renderDocumentPdf } from './invoice-pdf.ts';
import { latestDocument } from './invoices.service.ts';

/** An order's latest invoice or credit note as a mail attachment; undefined when it has none. */
export async function documentAttachment(db: DbOrTx, orderId: number, kind: DocumentKind) {
  const doc = await latestDocument(db, orderId, kind);
  if (!doc) return undefined;
  return { filename: documentFileName(doc), content: await renderDocumentPdf(doc), contentType: 'application/pdf' };
}
