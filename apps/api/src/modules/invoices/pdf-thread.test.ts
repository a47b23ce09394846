import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { insertProduct, placeCashOrder, shopper } from '../../../test/commerce.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import type { DocumentLook } from './document-look.ts';
import type { TaxDocument } from './document.ts';
import { latestDocument } from './invoices.service.ts';
import { createPdfThread } from './pdf-thread.ts';

describe('the PDF thread (decision 026)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('draws the document the mail attaches, and a failed drawing fails alone', async () => {
    const me = await shopper(t.db);
    const order = await placeCashOrder(t.app, t.db, me, [{ productId: (await insertProduct(t.db, { title: 'Ilkal Cotton Saree' })).id }]);
    const doc = (await latestDocument(t.db, order.id, 'invoice'))!;
    const logoPng = await sharp({ create: { width: 120, height: 40, channels: 4, background: { r: 31, g: 78, b: 122, alpha: 1 } } }).png().toBuffer();
    const look: DocumentLook = { shopName: 'Kaveri Weaves', logoPng };
    const pdfs = createPdfThread();
    try {
      const [first, broken, again] = await Promise.allSettled([
        pdfs.render(doc, look),
        pdfs.render({ ...doc, seller: undefined } as unknown as TaxDocument, look),
        pdfs.render(doc, { shopName: 'Kaveri Weaves', logoPng: null }),
      ]);
      expect(broken.status).toBe('rejected');
      for (const drawn of [first, again]) {
        expect(drawn.status).toBe('fulfilled');
        const pdf = (drawn as PromiseFulfilledResult<Buffer>).value;
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        const text = await pdfText(pdf);
        expect(text).toContain(order.invoiceNumber!);
        expect(text).toContain('Ilkal Cotton Saree');
        expect(text).toContain('Kaveri Weaves · This is a computer-generated tax invoice.');
      }
      // The logo's PNG crosses to the thread and is drawn: only the first document has a picture.
      const images = (drawn: PromiseSettledResult<Buffer>) => (drawn as PromiseFulfilledResult<Buffer>).value.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
      expect(images(first)).toBeGreaterThan(0);
      expect(images(again)).toBe(0);
    } finally {
      await pdfs.close();
    }
  });
});
