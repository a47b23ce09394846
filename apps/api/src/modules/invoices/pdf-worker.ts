import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { TaxDocument } from './document.ts';
import { renderDocumentPdf } from './invoice-pdf.ts';

// The thread that draws the mails' PDFs (pdf-thread.ts, decision 026). On Linux a nice value belongs
// to a thread, so this lowers this thread alone: requests get the CPU first, and the PDFs the time
// left over. Elsewhere it would lower the whole process, so it is left as it is.
if (process.platform === 'linux') setPriority(19);

export interface PdfRequest {
  id: number;
  doc: TaxDocument;
}
export type PdfReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', ({ id, doc }: PdfRequest) => {
  // A document the renderer throws on fails its own request; the thread goes on.
  Promise.resolve(doc).then(renderDocumentPdf).then(
    (pdf) => parentPort!.postMessage({ id, pdf } satisfies PdfReply),
    (err: unknown) => parentPort!.postMessage({ id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies PdfReply),
  );
});
