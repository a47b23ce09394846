import { OPS, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

// A reader for the tests, written from the standard (ISO/IEC 15417, table 1) rather than from the
// encoder the labels use: each symbol's widths, bar first, in modules; the index is its value.
// 103–105 are START A, B and C; 106 is STOP (with its terminating bar).
// prettier-ignore
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];
const VALUE = new Map(PATTERNS.map((p, value) => [p, value]));
const START = { A: 103, B: 104, C: 105 } as const;
const STOP = 106;

type CodeSet = 'A' | 'B' | 'C';

/** Whole modules from measured widths: `widths` span `modules` modules; each must round cleanly to 1–4. */
function toModules(widths: readonly number[], modules: number): string {
  const unit = widths.reduce((a, b) => a + b, 0) / modules;
  return widths
    .map((w) => {
      const m = w / unit;
      const whole = Math.round(m);
      if (whole < 1 || whole > 4 || Math.abs(m - whole) > 0.25)
        throw new Error(`Code 128: a width of ${m.toFixed(2)} modules`);
      return String(whole);
    })
    .join('');
}

/**
 * The text of a Code 128 symbol from its widths: bar, space, bar, … from the first bar of the start
 * symbol to the last bar of the stop, in any unit. The check symbol must match; FNC codes are refused
 * (an AWB has none).
 */
export function decodeCode128(widths: readonly number[]): string {
  if (widths.length < 6 * 3 + 7 || (widths.length - 7) % 6 !== 0)
    throw new Error(`Code 128: ${widths.length} widths is no whole number of symbols`);
  const values: number[] = [];
  for (let i = 0; i + 7 < widths.length; i += 6) {
    const pattern = toModules(widths.slice(i, i + 6), 11);
    const value = VALUE.get(pattern);
    if (value === undefined || value === STOP)
      throw new Error(`Code 128: no symbol has the widths ${pattern} (symbol ${i / 6})`);
    values.push(value);
  }
  if (toModules(widths.slice(-7), 13) !== PATTERNS[STOP])
    throw new Error('Code 128: no stop symbol at the end');

  const [start, ...rest] = values;
  const check = rest.pop()!;
  const sum = rest.reduce((s, v, i) => s + v * (i + 1), start!);
  if (sum % 103 !== check) throw new Error(`Code 128: check symbol ${check}, expected ${sum % 103}`);

  let set: CodeSet;
  if (start === START.A) set = 'A';
  else if (start === START.B) set = 'B';
  else if (start === START.C) set = 'C';
  else throw new Error(`Code 128: starts with symbol ${start}, not a START`);

  let text = '';
  let shifted = false;
  for (const v of rest) {
    const current: CodeSet = shifted ? (set === 'A' ? 'B' : 'A') : set;
    shifted = false;
    if (current === 'C') {
      if (v < 100) text += String(v).padStart(2, '0');
      else if (v === 100) set = 'B';
      else if (v === 101) set = 'A';
      else throw new Error(`Code 128: FNC1 (${v}) is not expected here`);
      continue;
    }
    if (v < 96) {
      text += String.fromCharCode(current === 'B' ? v + 32 : v < 64 ? v + 32 : v - 64);
    } else if (v === 98) {
      shifted = true;
    } else if (v === 99) {
      set = 'C';
    } else if (v === 100 && current === 'A') {
      set = 'B';
    } else if (v === 101 && current === 'B') {
      set = 'A';
    } else {
      throw new Error(`Code 128: function symbol ${v} in code set ${current} is not expected here`);
    }
  }
  return text;
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
/** `m` applied first, then `ctm`: PDF's `cm`. */
const concat = (m: Matrix, ctm: Matrix): Matrix => [
  m[0] * ctm[0] + m[1] * ctm[2],
  m[0] * ctm[1] + m[1] * ctm[3],
  m[2] * ctm[0] + m[3] * ctm[2],
  m[2] * ctm[1] + m[3] * ctm[3],
  m[4] * ctm[0] + m[5] * ctm[2] + ctm[4],
  m[4] * ctm[1] + m[5] * ctm[3] + ctm[5],
];
const apply = (ctm: Matrix, x: number, y: number): [number, number] => [
  ctm[0] * x + ctm[2] * y + ctm[4],
  ctm[1] * x + ctm[3] * y + ctm[5],
];

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

// pdf.js's path operators inside a constructPath (its DrawOPS).
const MOVE_TO = 0;
const LINE_TO = 1;
const CLOSE = 4;
const FILLS = new Set<number>([
  OPS.fill,
  OPS.eoFill,
  OPS.fillStroke,
  OPS.eoFillStroke,
  OPS.closeFillStroke,
  OPS.closeEOFillStroke,
]);

/** Every filled axis-aligned rectangle on a page, in the page's own coordinates (points, y up). */
export async function filledRects(page: PDFPageProxy): Promise<Rect[]> {
  const { fnArray, argsArray } = await page.getOperatorList();
  const rects: Rect[] = [];
  const stack: Matrix[] = [];
  let ctm = IDENTITY;
  fnArray.forEach((fn, i) => {
    const args = argsArray[i] as unknown[];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? IDENTITY;
    else if (fn === OPS.transform) ctm = concat(args as Matrix, ctm);
    else if (fn === OPS.constructPath && FILLS.has(args[0] as number)) {
      const path = (args[1] as ArrayLike<number>[] | null)?.[0];
      if (!path) return;
      // Subpaths of exactly moveTo, three lineTo and close whose corners make a rectangle.
      let points: [number, number][] = [];
      for (let j = 0; j < path.length;) {
        const op = path[j++];
        if (op === MOVE_TO || op === LINE_TO) {
          if (op === MOVE_TO) points = [];
          points.push(apply(ctm, path[j]!, path[j + 1]!));
          j += 2;
        } else if (op === CLOSE) {
          const xs = points.map((p) => p[0]);
          const ys = points.map((p) => p[1]);
          const r = { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
          const corner = (p: [number, number]) =>
            (Math.abs(p[0] - r.x0) < 1e-3 || Math.abs(p[0] - r.x1) < 1e-3) &&
            (Math.abs(p[1] - r.y0) < 1e-3 || Math.abs(p[1] - r.y1) < 1e-3);
          if (points.length === 4 && points.every(corner)) rects.push(r);
          points = [];
        } else {
          // A curve: not a rectangle; skip its coordinates.
          j += op === 2 ? 6 : 4;
          points = [];
        }
      }
    }
  });
  return rects;
}

export interface Barcode {
  /** Bar, space, bar, … in points, first bar to last. */
  widths: number[];
  left: number;
  right: number;
  /** The narrowest bar or space, in points. */
  module: number;
}

/**
 * The linear barcode on a page: the filled rectangles that share one top and bottom (at least 20 of
 * them, the largest such row), left to right. Null when there is none.
 */
export async function barcodeOnPage(page: PDFPageProxy): Promise<Barcode | null> {
  const rows = new Map<string, Rect[]>();
  for (const r of await filledRects(page)) {
    const key = `${r.y0.toFixed(2)}:${r.y1.toFixed(2)}`;
    rows.set(key, [...(rows.get(key) ?? []), r]);
  }
  const bars = [...rows.values()].sort((a, b) => b.length - a.length)[0];
  if (!bars || bars.length < 20) return null;
  bars.sort((a, b) => a.x0 - b.x0);
  const widths: number[] = [];
  bars.forEach((bar, i) => {
    if (i > 0) widths.push(bar.x0 - bars[i - 1]!.x1);
    widths.push(bar.x1 - bar.x0);
  });
  return { widths, left: bars[0]!.x0, right: bars.at(-1)!.x1, module: Math.min(...widths) };
}
