import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DocumentLook } from './document-look.ts';
import type { TaxDocument } from './document.ts';
import type { PdfReply, PdfRequest } from './pdf-worker.ts';

interface PdfThread {
  render(doc: TaxDocument, look: DocumentLook): Promise<Buffer>;
  close(): Promise<void>;
}

// A small young generation keeps the thread small; past the old one's limit the thread ends, its
// mail jobs are retried and the next PDF starts a new thread.
const LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 128 };

/** From the sources through tsx, or the bundle's `pdf-worker.js` (scripts/lib/build-api.mjs) found upwards. */
function newWorker(): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
    const source = JSON.stringify(new URL('./pdf-worker.ts', here).href);
    return new Worker(`import(${tsx}).then(({ tsImport }) => tsImport(${source}, ${source}))`, { eval: true, resourceLimits: LIMITS });
  }
  for (let dir = dirname(fileURLToPath(here)); ; ) {
    const file = join(dir, 'pdf-worker.js');
    if (existsSync(file)) return new Worker(pathToFileURL(file), { resourceLimits: LIMITS });
    const up = dirname(dir);
    if (up === dir) throw new Error('Cannot find pdf-worker.js beside the compiled server');
    dir = up;
  }
}

/** PDFs off the requests' thread, one at a time at a low priority (decision 026). */
export function createPdfThread(): PdfThread {
  let worker: Worker | undefined;
  let next = 0;
  const pending = new Map<number, { resolve(pdf: Buffer): void; reject(err: Error): void }>();
  const failAll = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  const start = () => {
    const w = newWorker();
    w.on('message', (reply: PdfReply) => {
      const p = pending.get(reply.id);
      pending.delete(reply.id);
      if (pending.size === 0) w.unref();
      if ('error' in reply) p?.reject(new Error(reply.error));
      else p?.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
    });
    w.on('error', (err) => {
      if (worker === w) worker = undefined;
      failAll(err);
    });
    w.on('exit', (code) => {
      if (worker === w) worker = undefined;
      failAll(new Error(`The PDF thread stopped (exit code ${code})`));
    });
    return w;
  };
  return {
    render(doc, look) {
      worker ??= start();
      // Referenced only while a PDF is owed: an idle thread does not keep the process alive.
      worker.ref();
      const id = next++;
      return new Promise<Buffer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker!.postMessage({ id, doc, look } satisfies PdfRequest);
      });
    },
    async close() {
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
}
