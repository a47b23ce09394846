import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import type { code128, DrawingContext } from 'bwip-js/node';
import { formatIndiaDate, formatRupees } from '@shop/shared';

export interface LabelData {
  awb: string;
  /** "Delhivery", "Blue Dart", or what the owner typed. */
  courierName: string;
  /** e.g. "Order #123" */
  orderNumber: string;
  /** e.g. "INV/2026-27/000004" */
  invoiceNumber: string | null;
  shipTo: { name: string; phone: string; street: string; city: string; state: string; pinCode: string };
  /** The shop's; `address` may hold newlines. */
  returnAddress: { name: string; address: string; phone: string; gstin: string };
  /** Rupees the courier collects; null: prepaid (print "PREPAID"). */
  codAmountRupees: number | null;
  weightGrams: number;
  dimensionsCm: { length: number; breadth: number; height: number } | null;
  /** A short list; past 4 the rest is "+ N more". */
  items: { title: string; quantity: number; sizeText: string }[];
  /** YYYY-MM-DD, India's date. */
  shippedOn: string;
}

// Inter as TrueType, like the invoice (decision 017), parsed once per process (decision 022). A few
// labels at a time need no shaping cache.
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  semibold: '@expo-google-fonts/inter/600SemiBold/Inter_600SemiBold.ttf',
  bold: '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
} as const;
type FontName = keyof typeof FONT_FILES;
let fonts: Record<FontName, unknown> | undefined;
function loadFonts() {
  fonts ??= {
    regular: fontkit.create(readFileSync(require.resolve(FONT_FILES.regular))),
    semibold: fontkit.create(readFileSync(require.resolve(FONT_FILES.semibold))),
    bold: fontkit.create(readFileSync(require.resolve(FONT_FILES.bold))),
  };
  return fonts;
}

// 4 × 6 inches (docs/decisions/042-shipping-labels-4x6-with-code-128.md).
const PAGE = { width: 288, height: 432 };
const MARGIN = 8;
const LEFT = MARGIN;
const WIDTH = PAGE.width - 2 * MARGIN;
const INK = '#000000';

// The barcode. A module is a whole number of dots of a 203 dpi thermal printer (the common one), so
// every bar prints the same width; never narrower than 0.9 pt, with 10 modules of quiet zone a side.
const DOT = 72 / 203;
const MIN_MODULE = 0.9;
const QUIET_MODULES = 10;
const BAR_HEIGHT = 56;

/** Code 128 as bars: each bar's left edge and width, in modules, and the symbol's width. */
interface Code128Bars {
  bars: { x: number; width: number }[];
  modules: number;
}

// Loaded with the first label: its encoders are 2 MB of JavaScript no other request needs. The
// `node` entry by name: the package's main export has no condition TypeScript's resolution reads.
let bwip: Promise<{ code128: typeof code128 }> | undefined;
const loadBwip = () => (bwip ??= import('bwip-js/node'));

/**
 * bwip-js (BWIPP's encoder, which picks code sets A, B and C itself) drawn through a drawing context
 * that keeps the bars. At scale 2 every bar is an even number of pixels, its line centred on its
 * middle, so its edges are exact: x ± width / 2, halved to modules.
 */
async function code128Bars(text: string): Promise<Code128Bars> {
  const { code128 } = await loadBwip();
  const SCALE = 2;
  const bars: Code128Bars['bars'] = [];
  let pixels = 0;
  const drawing: DrawingContext<Code128Bars> = {
    scale: () => null,
    measure: (str, _font, fwidth, fheight) => ({ width: str.length * fwidth, ascent: fheight, descent: 0 }),
    init: (width) => {
      pixels = width;
    },
    line: (x0, _y0, x1, _y1, lw) => {
      if (x0 !== x1) throw new Error('Code 128: a horizontal line where only bars were expected');
      bars.push({ x: (x0 - lw / 2) / SCALE, width: lw / SCALE });
    },
    polygon: () => {
      throw new Error('Code 128: a polygon where only bars were expected');
    },
    hexagon: () => {
      throw new Error('Code 128: a hexagon where only bars were expected');
    },
    ellipse: () => {
      throw new Error('Code 128: an ellipse where only bars were expected');
    },
    fill: () => {},
    text: () => {},
    end: () => ({ bars: bars.sort((a, b) => a.x - b.x), modules: pixels / SCALE }),
  };
  const symbol = code128({ bcid: 'code128', text, scale: SCALE, height: 5, includetext: false }, drawing);
  // Whole modules, 1 to 4 wide, not overlapping: anything else means bwip-js drew differently.
  let end = 0;
  for (const bar of symbol.bars) {
    if (
      !Number.isInteger(bar.x) ||
      !Number.isInteger(bar.width) ||
      bar.width < 1 ||
      bar.width > 4 ||
      bar.x < end
    ) {
      throw new Error(`Code 128: bwip-js drew a bar at ${bar.x} modules, ${bar.width} wide`);
    }
    end = bar.x + bar.width;
  }
  if (end !== symbol.modules)
    throw new Error(`Code 128: the bars end at ${end} of ${symbol.modules} modules`);
  return symbol;
}

/** The module width for a symbol across `room` points with its quiet zones, or null when it cannot scan there. */
function moduleWidth(modules: number, room: number): number | null {
  const fit = room / (modules + 2 * QUIET_MODULES);
  // 3 to 4 printer dots (1.06 to 1.42 pt); between 0.9 pt and 3 dots only for long AWBs.
  const dots = Math.min(4, Math.floor(fit / DOT));
  if (dots >= 3) return dots * DOT;
  return fit >= MIN_MODULE ? fit : null;
}

/** `0.5 kg`, `1.25 kg`, `2 kg` */
function kilograms(grams: number): string {
  return `${Number((grams / 1000).toFixed(3))} kg`;
}

function itemLine(item: LabelData['items'][number]): string {
  return `${item.quantity} × ${item.title}${item.sizeText ? ` · ${item.sizeText}` : ''}`;
}

type Pdf = PDFKit.PDFDocument;

/** `text` cut with an ellipsis to fit `width` at the document's current font and size. */
function shortened(pdf: Pdf, text: string, width: number): string {
  if (pdf.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && pdf.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** One line at the largest size from `max` down to `min` that fits `width`; at `min`, shortened. */
function oneLine(
  pdf: Pdf,
  text: string,
  font: FontName,
  max: number,
  min: number,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'center' | 'right' = 'left',
): number {
  let size = max;
  pdf.font(font).fontSize(size);
  while (size > min && pdf.widthOfString(text) > width) pdf.fontSize((size -= 0.5));
  pdf.text(shortened(pdf, text, width), x, y, { width, align, lineBreak: false });
  return size;
}

/** Text wrapped in `width`, at most `height` tall (at least one line): lines past it are left out, the last one ending in an ellipsis. Returns the height drawn. */
function box(
  pdf: Pdf,
  text: string,
  font: FontName,
  size: number,
  x: number,
  y: number,
  width: number,
  height: number,
): number {
  pdf.font(font).fontSize(size);
  const lineHeight = pdf.currentLineHeight(true);
  const lines = Math.max(1, Math.floor(height / lineHeight + 0.01));
  const drawn = Math.min(lines * lineHeight, pdf.heightOfString(text, { width }));
  pdf.text(text, x, y, { width, height: lines * lineHeight, ellipsis: '…' });
  return drawn;
}

/** The height of `text` wrapped in `width`, up to `maxLines` lines. */
function linesHeight(
  pdf: Pdf,
  text: string,
  font: FontName,
  size: number,
  width: number,
  maxLines: number,
): number {
  pdf.font(font).fontSize(size);
  return Math.min(pdf.heightOfString(text, { width }), maxLines * pdf.currentLineHeight(true));
}

function rule(pdf: Pdf, y: number, weight = 1) {
  pdf.moveTo(0, y).lineTo(PAGE.width, y).lineWidth(weight).strokeColor(INK).stroke();
}

function caption(pdf: Pdf, text: string, x: number, y: number, width = WIDTH) {
  pdf
    .font('semibold')
    .fontSize(6.5)
    .fillColor(INK)
    .text(text.toUpperCase(), x, y, { width, lineBreak: false, characterSpacing: 0.5 });
}

async function drawLabel(pdf: Pdf, label: LabelData) {
  pdf.fillColor(INK).strokeColor(INK);

  // The courier, and what to collect: the first thing a delivery agent reads.
  const payW = 118;
  const payH = 34;
  const payX = PAGE.width - MARGIN - payW;
  const headTop = MARGIN + 2;
  caption(pdf, 'Courier', LEFT, headTop, WIDTH - payW - 10);
  oneLine(pdf, label.courierName || 'Courier', 'bold', 18, 9, LEFT, headTop + 10, WIDTH - payW - 10);
  if (label.codAmountRupees !== null) {
    pdf.rect(payX, MARGIN, payW, payH).fill(INK);
    pdf.fillColor('white');
    oneLine(
      pdf,
      `COD ${formatRupees(label.codAmountRupees)}`,
      'bold',
      15,
      8,
      payX + 6,
      MARGIN + 5,
      payW - 12,
      'center',
    );
    pdf
      .font('semibold')
      .fontSize(6.5)
      .text('COLLECT CASH ON DELIVERY', payX + 4, MARGIN + 24, {
        width: payW - 8,
        align: 'center',
        lineBreak: false,
      });
    pdf.fillColor(INK);
  } else {
    pdf
      .rect(payX + 0.75, MARGIN + 0.75, payW - 1.5, payH - 1.5)
      .lineWidth(1.5)
      .stroke();
    oneLine(pdf, 'PREPAID', 'bold', 15, 8, payX + 6, MARGIN + 5, payW - 12, 'center');
    pdf
      .font('semibold')
      .fontSize(6.5)
      .text('DO NOT COLLECT CASH', payX + 4, MARGIN + 24, {
        width: payW - 8,
        align: 'center',
        lineBreak: false,
      });
  }
  let y = MARGIN + payH + 5;
  rule(pdf, y, 1.5);

  // The AWB: vector bars, centred, with their quiet zones inside the page's margins.
  const symbol = await code128Bars(label.awb);
  const module = moduleWidth(symbol.modules, WIDTH);
  const barTop = y + 7;
  if (module) {
    const x0 = (PAGE.width - symbol.modules * module) / 2;
    for (const bar of symbol.bars) pdf.rect(x0 + bar.x * module, barTop, bar.width * module, BAR_HEIGHT);
    pdf.fill(INK);
    // Beside the caption, never on it: an AWB that scans here is short enough to stay whole at 7 pt.
    caption(pdf, 'AWB', LEFT, barTop + BAR_HEIGHT + 8, 30);
    oneLine(pdf, label.awb, 'semibold', 13, 7, LEFT + 32, barTop + BAR_HEIGHT + 4, WIDTH - 64, 'center');
  } else {
    // An AWB too long to scan across 4 inches: printed large, to be keyed in or labelled by the courier.
    pdf
      .font('semibold')
      .fontSize(7.5)
      .text('AWB too long for a barcode on this label: use the courier’s label', LEFT, barTop + 6, {
        width: WIDTH,
        align: 'center',
        lineBreak: false,
      });
    oneLine(pdf, label.awb, 'bold', 16, 8, LEFT, barTop + 24, WIDTH, 'center');
  }
  y = barTop + BAR_HEIGHT + 22;
  rule(pdf, y, 1.5);

  // From the bottom up: the return address, the contents, the order's details; the address gets the rest.
  const r = label.returnAddress;
  const address = r.address.replace(/\s*\n\s*/g, ', ').trim();
  const returnTop = PAGE.height - MARGIN - 30 - linesHeight(pdf, address, 'regular', 7, WIDTH, 3);
  const shown = label.items.slice(0, 4);
  const more = label.items.length - shown.length;
  const itemRows = Math.max(1, shown.length + (more > 0 ? 1 : 0));
  const itemsH = 16 + itemRows * 10.5;
  const itemsTop = returnTop - 4 - itemsH;
  const detailsH = 42;
  const detailsTop = itemsTop - detailsH;
  const shipTop = y;

  // Ship to: the PIN and the phone always whole, the name and the city to two lines each; the type
  // is largest for a short address, shrinks to 70% for a long one, and past that the street is cut
  // with an ellipsis.
  const s = label.shipTo;
  const cityLine = [s.city, s.state].filter(Boolean).join(', ');
  const bottom = detailsTop - 5;
  const parts = (k: number) => {
    const z = { name: 14 * k, street: 10.5 * k, pin: 24 * k, phone: 12 * k };
    const nameH = linesHeight(pdf, s.name, 'bold', z.name, WIDTH, 2);
    const cityH = linesHeight(pdf, cityLine, 'semibold', z.street, WIDTH, 2);
    const streetH = linesHeight(pdf, s.street, 'regular', z.street, WIDTH, Infinity);
    const pinH = z.pin * 1.15;
    return { z, nameH, cityH, streetH, pinH, total: 16 + nameH + 2 + streetH + cityH + 3 + pinH };
  };
  let k = 1.2;
  while (k > 0.7 && parts(k).total > bottom - shipTop) k -= 0.05;
  const p = parts(k);
  let sy = shipTop + 6;
  caption(pdf, 'Ship to', LEFT, sy);
  sy += 10;
  box(pdf, s.name, 'bold', p.z.name, LEFT, sy, WIDTH, p.nameH);
  sy += p.nameH + 2;
  const streetH = Math.min(p.streetH, bottom - p.pinH - 3 - p.cityH - sy);
  sy += box(pdf, s.street, 'regular', p.z.street, LEFT, sy, WIDTH, streetH);
  sy += box(pdf, cityLine, 'semibold', p.z.street, LEFT, sy, WIDTH, p.cityH) + 3;
  // PIN left, phone right, on one row.
  pdf.font('semibold').fontSize(p.z.pin * 0.42);
  pdf.text('PIN', LEFT, sy + p.z.pin * 0.38, { lineBreak: false });
  const pinX = LEFT + pdf.widthOfString('PIN') + 4;
  pdf.font('bold').fontSize(p.z.pin).text(s.pinCode, pinX, sy, { lineBreak: false });
  const pinEnd = pinX + pdf.widthOfString(s.pinCode) + 12;
  oneLine(
    pdf,
    `Ph ${s.phone}`,
    'semibold',
    p.z.phone,
    7,
    pinEnd,
    sy + p.z.pin * 0.32,
    PAGE.width - MARGIN - pinEnd,
    'right',
  );
  rule(pdf, detailsTop, 1);

  // The order's details in two columns of label: value.
  const half = (WIDTH - 10) / 2;
  const detail = (x: number, row: number, name: string, value: string) => {
    const ry = detailsTop + 6 + row * 11.5;
    pdf.font('regular').fontSize(7.5);
    const nameW = pdf.widthOfString(`${name} `);
    pdf.text(`${name} `, x, ry + 0.8, { lineBreak: false });
    oneLine(pdf, value, 'semibold', 8.5, 6, x + nameW, ry, half - nameW);
  };
  detail(LEFT, 0, 'Order', label.orderNumber.replace(/^Order\s+/i, ''));
  detail(LEFT, 1, 'Invoice', label.invoiceNumber ?? '—');
  detail(LEFT, 2, 'Shipped', formatIndiaDate(`${label.shippedOn}T12:00:00+05:30`));
  const right = LEFT + half + 10;
  detail(right, 0, 'Weight', kilograms(label.weightGrams));
  const d = label.dimensionsCm;
  detail(right, 1, 'Box', d ? `${d.length} × ${d.breadth} × ${d.height} cm` : '—');
  const pieces = label.items.reduce((n, i) => n + i.quantity, 0);
  detail(right, 2, 'Pieces', String(pieces));
  pdf
    .moveTo(LEFT + half + 5, detailsTop + 5)
    .lineTo(LEFT + half + 5, detailsTop + detailsH - 5)
    .lineWidth(0.5)
    .stroke();
  rule(pdf, itemsTop, 1);

  caption(pdf, 'Contents', LEFT, itemsTop + 5);
  pdf.fillColor(INK);
  shown.forEach((item, i) =>
    oneLine(pdf, itemLine(item), 'regular', 8, 6, LEFT, itemsTop + 15 + i * 10.5, WIDTH),
  );
  if (more > 0)
    oneLine(pdf, `+ ${more} more`, 'semibold', 8, 6, LEFT, itemsTop + 15 + shown.length * 10.5, WIDTH);
  if (!label.items.length) oneLine(pdf, '—', 'regular', 8, 6, LEFT, itemsTop + 15, WIDTH);
  rule(pdf, returnTop - 4, 1);

  // The shop, for a parcel that comes back.
  caption(pdf, 'If undelivered, return to:', LEFT, returnTop);
  oneLine(pdf, r.name, 'semibold', 8.5, 6, LEFT, returnTop + 9, WIDTH);
  const contact = [r.phone && `Ph ${r.phone}`, r.gstin && `GSTIN ${r.gstin}`].filter(Boolean).join('   ·   ');
  const last = PAGE.height - MARGIN - 9;
  const addressH = box(pdf, address, 'regular', 7, LEFT, returnTop + 20, WIDTH, last - 1 - (returnTop + 20));
  const contactY = Math.min(returnTop + 20 + addressH + 1, last);
  oneLine(pdf, contact, 'regular', 7, 6, LEFT, contactY, WIDTH);
}

/** One 4 × 6 inch page (288 × 432 pt) per label, in the order given. */
export async function renderLabels(labels: LabelData[]): Promise<Buffer> {
  if (!labels.length) throw new RangeError('renderLabels: no labels to print');
  const f = loadFonts();
  const pdf = new PDFDocument({
    autoFirstPage: false,
    info: {
      Title: labels.length === 1 ? `Shipping label ${labels[0]!.awb}` : `${labels.length} shipping labels`,
    },
  });
  // The types name only bytes and paths; pdfkit's font factory takes a parsed font too (0.20).
  pdf.registerFont('regular', f.regular as Buffer);
  pdf.registerFont('semibold', f.semibold as Buffer);
  pdf.registerFont('bold', f.bold as Buffer);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  try {
    for (const label of labels) {
      pdf.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
      await drawLabel(pdf, label);
    }
  } finally {
    pdf.end();
  }
  return done;
}
