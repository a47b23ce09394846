import { getDocument, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { barcodeOnPage, decodeCode128 } from '../../../test/code128-decode.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { renderLabels, type LabelData } from './label-pdf.ts';

const cod: LabelData = {
  awb: 'SRTEST1234567890',
  courierName: 'Delhivery',
  orderNumber: 'Order #123',
  invoiceNumber: 'INV/2026-27/000004',
  shipTo: {
    name: 'Priya Raghavan',
    phone: '+91 98765 43210',
    street: 'Flat 4B, Lakshmi Residency, 12th Cross, Indiranagar 2nd Stage',
    city: 'Bengaluru',
    state: 'Karnataka',
    pinCode: '560038',
  },
  returnAddress: {
    name: 'Kanchi Silk House',
    address: '14 Gandhi Road\nKanchipuram, Tamil Nadu 631501',
    phone: '+91 44 2722 1234',
    gstin: '33ABCDE1234F1Z5',
  },
  codAmountRupees: 1234,
  weightGrams: 500,
  dimensionsCm: { length: 30, breadth: 22, height: 6 },
  items: [
    { title: 'Kanjivaram silk saree, temple border', quantity: 1, sizeText: 'Free Size' },
    { title: 'Cotton blouse piece', quantity: 2, sizeText: 'M' },
  ],
  shippedOn: '2026-11-22',
};

const LONG_STREET =
  'Door No. 12-3-456/7/A, Second Floor, Sri Venkateswara Nilayam, Behind Ramalayam Temple, Opposite Government Junior College, ' +
  'Near Old Bus Stand, Main Road, Gandhi Nagar Colony, Sri Krishna Devaraya Extension, Ward No. 23, Mandal Office Lane, ' +
  'Landmark: next to the big banyan tree and the SBI ATM';

const prepaid: LabelData = {
  ...cod,
  awb: '141123221084922',
  courierName: 'Blue Dart',
  orderNumber: 'Order #124',
  invoiceNumber: 'INV/2026-27/000005',
  shipTo: {
    name: 'Venkata Subrahmanya Lakshmi Narasimha Sharma Chakravarthula',
    phone: '9123456780',
    street: LONG_STREET,
    city: 'Visakhapatnam',
    state: 'Andhra Pradesh',
    pinCode: '530003',
  },
  codAmountRupees: null,
  weightGrams: 1250,
  dimensionsCm: null,
  items: Array.from({ length: 7 }, (_, i) => ({
    title: `Banarasi silk saree, design ${i + 1}`,
    quantity: 1,
    sizeText: '',
  })),
};

interface Page {
  width: number;
  height: number;
  text: string;
  /** Every text item's box: none may leave the page. */
  boxes: { str: string; x0: number; x1: number; y: number }[];
  barcode: Awaited<ReturnType<typeof barcodeOnPage>>;
}

/** Each page's size, text (joined as pdfText joins it) and barcode, read back with pdf.js. */
async function readPages(pdf: Buffer): Promise<Page[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  try {
    const pages: Page[] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const page: PDFPageProxy = await doc.getPage(i);
      const [x0, y0, x1, y1] = page.view;
      const items = (await page.getTextContent()).items.flatMap((item) => ('str' in item ? [item] : []));
      pages.push({
        width: x1! - x0!,
        height: y1! - y0!,
        text: items
          .map((item) => item.str)
          .join(' ')
          .replace(/\s+/g, ' '),
        boxes: items
          .filter((item) => item.str.trim())
          .map((item) => ({
            str: item.str,
            x0: item.transform[4] as number,
            x1: (item.transform[4] as number) + item.width,
            y: item.transform[5] as number,
          })),
        barcode: await barcodeOnPage(page),
      });
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

describe('shipping labels', () => {
  let pdf: Buffer;
  let pages: Page[];
  beforeAll(async () => {
    pdf = await renderLabels([cod, prepaid]);
    pages = await readPages(pdf);
  });

  it('prints one 4 × 6 inch page per label, in order', () => {
    expect(pages).toHaveLength(2);
    for (const page of pages) expect([page.width, page.height]).toEqual([288, 432]);
  });

  it('prints each label’s own address, AWB, order, payment and weight as text', async () => {
    const [first, second] = pages;
    for (const [page, label] of [
      [first!, cod],
      [second!, prepaid],
    ] as const) {
      for (const part of [
        label.shipTo.name,
        label.shipTo.pinCode,
        label.shipTo.phone,
        label.awb,
        label.orderNumber,
        label.invoiceNumber!,
        label.courierName,
      ]) {
        expect(page.text).toContain(part);
      }
    }
    expect(first!.text).toContain('COD ₹1,234');
    expect(first!.text).not.toContain('PREPAID');
    expect(first!.text).toContain('0.5 kg');
    expect(first!.text).toContain('30 × 22 × 6 cm');
    expect(first!.text).toContain('22 Nov 2026');
    expect(first!.text).toContain('2 × Cotton blouse piece · M');
    expect(second!.text).toContain('PREPAID');
    expect(second!.text).not.toContain('COD');
    expect(second!.text).toContain('1.25 kg');
    expect(second!.text).toContain('+ 3 more');
    expect(second!.text).not.toContain('design 5');
    for (const page of pages) {
      expect(page.text).toContain('If undelivered, return to:'.toUpperCase());
      expect(page.text).toContain('Kanchi Silk House');
      expect(page.text).toContain('14 Gandhi Road, Kanchipuram, Tamil Nadu 631501');
      expect(page.text).toContain('GSTIN 33ABCDE1234F1Z5');
    }
    // pdfText reads the same document: both labels, the first first.
    const all = await pdfText(pdf);
    expect(all.indexOf(cod.awb)).toBeGreaterThan(-1);
    expect(all.indexOf(prepaid.awb)).toBeGreaterThan(all.indexOf(cod.awb));
  });

  it('wraps a very long name and address inside the page', () => {
    const page = pages[1]!;
    expect(page.text).toContain('Door No. 12-3-456/7/A');
    expect(page.text).toContain('Visakhapatnam, Andhra Pradesh');
    for (const page of pages) {
      for (const box of page.boxes) {
        expect(box.x0, box.str).toBeGreaterThanOrEqual(0);
        expect(box.x1, box.str).toBeLessThanOrEqual(288);
        expect(box.y, box.str).toBeGreaterThan(0);
        expect(box.y, box.str).toBeLessThan(432);
      }
    }
  });

  it('draws each AWB as a Code 128 barcode that reads back, with quiet zones and bars of 0.9 pt or more', () => {
    for (const [page, label] of [
      [pages[0]!, cod],
      [pages[1]!, prepaid],
    ] as const) {
      const barcode = page.barcode!;
      expect(barcode).not.toBeNull();
      expect(decodeCode128(barcode.widths)).toBe(label.awb);
      expect(barcode.module).toBeGreaterThanOrEqual(0.9);
      expect(barcode.left).toBeGreaterThanOrEqual(10 * barcode.module);
      expect(288 - barcode.right).toBeGreaterThanOrEqual(10 * barcode.module);
    }
    // The all-digit AWB is code set C: two digits a symbol, so its barcode is the shorter.
    expect(pages[1]!.barcode!.widths.length).toBeLessThan(pages[0]!.barcode!.widths.length);
  });

  it('reads no AWB from a barcode that is wrong', () => {
    const { widths, module } = pages[0]!.barcode!;
    // "S" and "R" swapped: every symbol is still one, but the check symbol no longer matches.
    const swapped = [
      ...widths.slice(0, 6),
      ...widths.slice(12, 18),
      ...widths.slice(6, 12),
      ...widths.slice(18),
    ];
    expect(() => decodeCode128(swapped)).toThrow(/check symbol/);
    // A space a module narrower and the next bar a module wider: no symbol has those widths.
    const smudged = [...widths];
    smudged[15] = smudged[15]! - module;
    smudged[16] = smudged[16]! + module;
    expect(() => decodeCode128(smudged)).toThrow(/Code 128/);
    expect(() => decodeCode128(widths.slice(0, -7))).toThrow(/Code 128/);
  });

  it('prints an AWB too long to scan across 4 inches as text, without a barcode', async () => {
    const awb = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ-ABCDEFGHIJKLM';
    const [page] = await readPages(await renderLabels([{ ...cod, awb }]));
    expect(page!.barcode).toBeNull();
    expect(page!.text).toContain(awb);
  });

  it('refuses an empty list', async () => {
    await expect(renderLabels([])).rejects.toThrow(RangeError);
  });
});
