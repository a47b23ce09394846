import type { DbOrTx } from '../../db/client.ts';
import { documentFileName, type DocumentKind, type TaxDocument } from './document.ts';
import { latestDocument } from './invoices.service.ts';

/** `render` is the mail worker's PDF thread (decision 026). */
export async function documentAttachment(db: DbOrTx, orderId: number, kind: DocumentKind, render: (doc: TaxDocument) => Promise<Buffer>) {
  const doc = await latestDocument(db, orderId, kind);
  if (!doc) return undefined;
  return { filename: documentFileName(doc), content: await render(doc), contentType: 'application/pdf' };
}
