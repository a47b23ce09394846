import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { DocumentLook } from './document-look.ts';
import type { TaxDocument } from './document.ts';
import { renderDocumentPdf } from './invoice-pdf.ts';

// On Linux a nice value is per thread; elsewhere it would slow the whole process.
if (process.platform === 'linux') setPriority(19);

export interface PdfRequest {
  id: number;
  doc: TaxDocument;
  look: DocumentLook;
}
export type PdfReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', ({ id, doc, look }: PdfRequest) => {
  Promise.resolve(doc).then((d) => renderDocumentPdf(d, look)).then(
    (pdf) => parentPort!.postMessage({ id, pdf } satisfies PdfReply),
    (err: unknown) => parentPort!.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies PdfReply),
  );
});
