import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { formatIndiaDate, formatRupees } from '@shop/shared';
import type { DocumentLook } from './document-look.ts';
import type { DocumentLine, TaxDocument } from './document.ts';

// Inter as TrueType (decision 017), resolved from this file so the compiled server finds it too.
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  semibold: '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
  bold: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
} as const;
// Parsed once per process: parsing the fonts was most of a document's cost (docs/performance.md).
interface GlyphRun {
  positions: Record<string, number>[];
}
interface ParsedFont {
  layout(text: string, features?: unknown): GlyphRun;
}
const SHAPED_WORDS = 4000;

// Shaping is the other big cost and invoices repeat their words: each word's run is kept, and
// pdfkit gets a copy because it scales the positions in place.
function parseFont(file: string): ParsedFont {
  const font = fontkit.create(readFileSync(require.resolve(file))) as ParsedFont;
  const shape = font.layout.bind(font);
  const shaped = new Map<string, GlyphRun>();
  font.layout = (text, features) => {
    if (features) return shape(text, features);
    let run = shaped.get(text);
    if (!run) {
      run = shape(text);
      if (shaped.size < SHAPED_WORDS) shaped.set(text, run);
    }
    const copy = Object.assign(Object.create(Object.getPrototypeOf(run) as object) as GlyphRun, run);
    copy.positions = run.positions.map((p) => Object.assign(Object.create(Object.getPrototypeOf(p) as object) as Record<string, number>, p));
    return copy;
  };
  return font;
}

let fonts: Record<keyof typeof FONT_FILES, ParsedFont> | undefined;
function loadFonts() {
  fonts ??= {
    regular: parseFont(FONT_FILES.regular),
    semibold: parseFont(FONT_FILES.semibold),
    bold: parseFont(FONT_FILES.bold),
  };
  return fonts;
}

// docs/style.md, Look.
const MAROON = '#7a1f2b';
const GOLD = '#e0a526';
const INK = '#2b2521';
const MUTED = '#6b625b';
const SAND = '#e8dfd2';
const IVORY = '#fbf7f0';

/** ₹1,24,999.50: always two decimals on an invoice. */
export function money(paise: number, sign = true): string {
  const whole = formatRupees(Math.trunc(paise / 100)).replace('₹', sign ? '₹' : '');
  return `${whole}.${String(Math.abs(paise % 100)).padStart(2, '0')}`;
}

function placeLabel(doc: TaxDocument): string {
  const p = doc.placeOfSupply;
  return p.code ? `${p.state} (${p.code})` : `${p.state} (outside the state list: IGST)`;
}

function documentTitle(doc: TaxDocument): string {
  return doc.kind === 'invoice' ? 'Tax Invoice' : 'Credit Note';
}

// The logo's box at the top left, in points.
const LOGO_BOX = { width: 160, height: 48 };
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The size the logo is drawn at, read from its PNG header; undefined when the bytes are no PNG. */
function logoSize(png: Buffer): { width: number; height: number } | undefined {
  if (png.length < 24 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  const w = png.readUInt32BE(16);
  const h = png.readUInt32BE(20);
  if (!w || !h) return undefined;
  const scale = Math.min(LOGO_BOX.width / w, LOGO_BOX.height / h);
  return { width: w * scale, height: h * scale };
}

/** The footer's line; a shop name too long for it (up to 80 characters) is shortened, so it never runs into the page number. */
function footerLine(pdf: PDFKit.PDFDocument, shopName: string, doc: TaxDocument, maxWidth: number): string {
  const rest = ` · This is a computer-generated ${documentTitle(doc).toLowerCase()}.`;
  let name = shopName;
  while (name.length > 1 && pdf.widthOfString(`${name}${rest}`) > maxWidth) name = `${name.slice(0, -2).trimEnd()}…`;
  return `${name}${rest}`;
}

/** An A4 PDF (CGST Rules 46 and 53), with the shop's current name and logo (`look`). */
export function renderDocumentPdf(doc: TaxDocument, look: DocumentLook): Promise<Buffer> {
  const f = loadFonts();
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 40,
    bufferPages: true,
    info: { Title: `${documentTitle(doc)} ${doc.number}`, Author: doc.seller.legalName, Subject: `Order #${doc.orderId}` },
  });
  // The types name only bytes and paths; pdfkit's font factory takes a parsed font too (0.20).
  pdf.registerFont('regular', f.regular as unknown as Buffer);
  pdf.registerFont('semibold', f.semibold as unknown as Buffer);
  pdf.registerFont('bold', f.bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const right = left + width;

  pdf.rect(0, 0, pdf.page.width, 6).fill(MAROON);
  pdf.rect(0, 6, pdf.page.width, 2).fill(GOLD);
  let y = 34;
  // The logo at the top left, the seller's details below it; the document's title stays at the top right.
  let sy = y;
  const png = look.logoPng && Buffer.from(look.logoPng.buffer, look.logoPng.byteOffset, look.logoPng.byteLength);
  const size = png ? logoSize(png) : undefined;
  if (png && size) {
    try {
      pdf.image(png, left, 24, size);
      sy = 24 + size.height + 10;
    } catch {
      // A picture pdfkit cannot read leaves the logo out rather than the document.
    }
  }
  pdf.font('bold').fontSize(15).fillColor(MAROON).text(doc.seller.legalName, left, sy, { width: width * 0.58 });
  pdf.font('regular').fontSize(8.5).fillColor(INK);
  pdf.text(doc.seller.address, { width: width * 0.58 });
  pdf.text(`State: ${doc.seller.state}${doc.seller.stateCode ? ` (${doc.seller.stateCode})` : ''}`);
  pdf.font('semibold').text(`GSTIN: ${doc.seller.gstin || 'Unregistered'}`);
  const sellerBottom = pdf.y;

  pdf.font('bold').fontSize(20).fillColor(MAROON).text(documentTitle(doc), left, y - 2, { width, align: 'right' });
  pdf.fontSize(8.5);
  const meta: [string, string][] = [
    [doc.kind === 'invoice' ? 'Invoice No.' : 'Credit Note No.', doc.number],
    ['Date', formatIndiaDate(doc.issuedAt)],
    ['Order', `#${doc.orderId} of ${formatIndiaDate(doc.orderDate)}`],
  ];
  if (doc.supply === 'B2B') meta.push(['Supply', 'B2B, to a registered buyer']);
  if (doc.against) meta.push(['Against invoice', `${doc.against.number} of ${formatIndiaDate(doc.against.issuedAt)}`]);
  let my = pdf.y + 4;
  for (const [label, value] of meta) {
    const valueWidth = pdf.font('semibold').widthOfString(value);
    const labelWidth = pdf.font('regular').widthOfString(`${label}: `);
    pdf.font('regular').fillColor(MUTED).text(`${label}: `, right - valueWidth - labelWidth, my, { lineBreak: false });
    pdf.font('semibold').fillColor(INK).text(value, right - valueWidth, my, { lineBreak: false });
    my += 12;
  }
  y = Math.max(sellerBottom, my) + 14;

  const gap = 12;
  const half = (width - gap) / 2;
  const b = doc.buyer;
  const panel = (x: number, title: string, rows: [string, boolean][]) => {
    pdf.font('semibold').fontSize(7.5).fillColor(MAROON).text(title.toUpperCase(), x + 10, y + 8, { width: half - 20, characterSpacing: 0.6 });
    pdf.moveDown(0.3);
    for (const [text, strong] of rows) pdf.font(strong ? 'semibold' : 'regular').fontSize(9).fillColor(INK).text(text, { width: half - 20 });
    return pdf.y + 8;
  };
  // Measured first, then drawn over an ivory panel of the taller height.
  const buyerRows: [string, boolean][] = [
    ...(b.gstin
      ? ([
          [b.businessName ?? b.name, true],
          [`GSTIN: ${b.gstin}`, true],
          ...(b.businessName ? [[`Attn: ${b.name}`, false]] : []),
        ] as [string, boolean][])
      : ([[b.name, true]] as [string, boolean][])),
    [b.street, false],
    [`${b.city}, ${b.state} ${b.pinCode}`, false],
    [`Phone: ${b.phone}`, false],
  ];
  const supplyRows: [string, boolean][] = [
    [`Place of supply: ${placeLabel(doc)}`, true],
    [doc.intraState ? 'Tax: CGST + SGST (intra-state supply)' : 'Tax: IGST (inter-state supply)', false],
    ['Reverse charge: No', false],
    [doc.kind === 'invoice' ? 'Prices include GST' : 'Reason: order cancelled', false],
  ];
  const top = y;
  const probe = pdf.heightOfString(buyerRows.map((r) => r[0]).join('\n'), { width: half - 20 });
  const probe2 = pdf.heightOfString(supplyRows.map((r) => r[0]).join('\n'), { width: half - 20 });
  const panelHeight = Math.max(probe, probe2) + 34;
  pdf.roundedRect(left, top, half, panelHeight, 6).fillAndStroke(IVORY, SAND);
  pdf.roundedRect(left + half + gap, top, half, panelHeight, 6).fillAndStroke(IVORY, SAND);
  panel(left, 'Bill to / Ship to', buyerRows);
  panel(left + half + gap, 'Supply', supplyRows);
  y = top + panelHeight + 16;

  const intra = doc.intraState;
  // The SKU beside the HSN, when a line sold a variant that has one.
  const skus = doc.lines.some((l) => l.sku);
  const head = ['#', 'Description', 'HSN', ...(skus ? ['SKU'] : []), 'Qty', 'Unit price', 'Discount', 'Taxable value', 'Rate', ...(intra ? ['CGST', 'SGST'] : ['IGST']), 'Amount'];
  const widths = [16, '*', 32, ...(skus ? [54] : []), 24, 52, 46, 58, 28, ...(intra ? [44, 44] : [56]), 58];
  const numeric = (i: number) => i >= (skus ? 4 : 3);
  const alignOf = (i: number) => ({ x: numeric(i) ? ('right' as const) : ('left' as const), y: 'center' as const });
  const row = (l: DocumentLine, i: number) => [
    String(i + 1),
    l.description,
    l.hsn,
    ...(skus ? [l.sku ?? ''] : []),
    String(l.quantity),
    money(l.unitPricePaise, false),
    money(l.discountPaise, false),
    money(l.taxablePaise, false),
    `${l.ratePercent}%`,
    ...(intra ? [money(l.cgstPaise, false), money(l.sgstPaise, false)] : [money(l.igstPaise, false)]),
    money(l.amountPaise, false),
  ];
  pdf.font('regular').fontSize(7.5).fillColor(MUTED).text('Amounts in ₹', left, y - 11, { width, align: 'right' });
  pdf.font('regular').fontSize(8);
  pdf.table({
    position: { x: left, y },
    columnStyles: widths.map((w, i) => ({ width: w, align: alignOf(i) })),
    defaultStyle: { border: [0, 0, 0.5, 0], borderColor: SAND, padding: [5, 4] },
    rowStyles: (i) => (i === 0 ? { backgroundColor: MAROON, textColor: 'white', border: 0 } : { textColor: INK }),
    data: [
      head.map((h, i) => ({ text: h, font: { src: 'semibold' }, align: alignOf(i) })),
      ...doc.lines.map(row),
    ],
  });

  y = pdf.y + 14;
  const t = doc.totals;
  const totalRows: [string, string][] = [
    ['Taxable value', money(t.taxablePaise)],
    ...(intra
      ? ([
          ['CGST', money(t.cgstPaise)],
          ['SGST', money(t.sgstPaise)],
        ] as [string, string][])
      : ([['IGST', money(t.igstPaise)]] as [string, string][])),
  ];
  const boxX = right - 210;
  let ty = y;
  for (const [label, value] of totalRows) {
    pdf.font('regular').fontSize(9).fillColor(MUTED).text(label, boxX, ty, { width: 100 });
    pdf.font('semibold').fillColor(INK).text(value, boxX + 100, ty, { width: 110, align: 'right' });
    ty += 15;
  }
  pdf.rect(boxX, ty, 210, 24).fill(MAROON);
  const totalLabel = doc.kind === 'invoice' ? 'Total (incl. GST)' : 'Total credited';
  pdf.font('semibold').fontSize(10).fillColor('white').text(totalLabel, boxX + 8, ty + 7, { width: 110 });
  pdf.font('bold').fontSize(11).text(money(t.totalPaise), boxX + 100, ty + 6, { width: 102, align: 'right' });
  ty += 24;

  pdf.font('semibold').fontSize(7.5).fillColor(MAROON).text('AMOUNT IN WORDS', left, y, { width: width - 230, characterSpacing: 0.6 });
  pdf.font('regular').fontSize(9).fillColor(INK).text(doc.amountInWords, { width: width - 230 });
  pdf.moveDown(0.6);
  pdf.font('regular').fontSize(8).fillColor(MUTED).text('Reverse charge: No', { width: width - 230 });
  y = Math.max(ty, pdf.y) + 34;

  if (y > pdf.page.height - 140) {
    pdf.addPage();
    y = pdf.page.margins.top;
  }
  pdf.font('semibold').fontSize(9).fillColor(INK).text(`For ${doc.seller.legalName}`, right - 220, y, { width: 220, align: 'right' });
  pdf.moveTo(right - 160, y + 44).lineTo(right, y + 44).lineWidth(0.5).strokeColor(MUTED).stroke();
  pdf.font('regular').fontSize(8.5).fillColor(MUTED).text('Authorised Signatory', right - 220, y + 50, { width: 220, align: 'right' });

  const pages = pdf.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    pdf.switchToPage(pages.start + i);
    // Written inside the bottom margin: without this pdfkit would start a new page for it.
    pdf.page.margins.bottom = 0;
    const fy = pdf.page.height - 46;
    pdf.moveTo(left, fy).lineTo(right, fy).lineWidth(0.5).strokeColor(SAND).stroke();
    pdf.font('regular').fontSize(7.5).fillColor(MUTED);
    pdf.text(footerLine(pdf, look.shopName, doc, width - 60), left, fy + 8, { width: width - 60, lineBreak: false });
    pdf.text(`Page ${i + 1} of ${pages.count}`, right - 60, fy + 8, { width: 60, align: 'right', lineBreak: false });
  }
  pdf.end();
  return done;
}
