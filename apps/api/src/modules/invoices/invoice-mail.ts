import type { DbOrTx } from '../../db/client.ts';
import type { PictureStorage } from '../../storage/storage.ts';
import { documentLook, type DocumentLook } from './document-look.ts';
import { documentFileName, type DocumentKind, type TaxDocument } from './document.ts';
import { latestDocument } from './invoices.service.ts';

/** `render` is the mail worker's PDF thread (decision 026); the document shows the shop's name and logo as they are now. */
export async function documentAttachment(
  db: DbOrTx,
  storage: Pick<PictureStorage, 'get'>,
  orderId: number,
  kind: DocumentKind,
  render: (doc: TaxDocument, look: DocumentLook) => Promise<Buffer>,
) {
  const doc = await latestDocument(db, orderId, kind);
  if (!doc) return undefined;
  return { filename: documentFileName(doc), content: await render(doc, await documentLook(db, storage)), contentType: 'application/pdf' };
}
