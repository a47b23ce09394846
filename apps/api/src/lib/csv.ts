import { Readable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { badRequest } from './errors.ts';

// Typed text never starts a spreadsheet formula; a Figure (`-2500.00`) stays a number (docs/security.md).

const FORMULA = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

export class Figure {
  constructor(readonly text: string) {}
}

export type CsvCell = string | number | boolean | null | undefined | Figure;
export type CsvRow = readonly CsvCell[] | Readonly<Record<string, CsvCell>>;
type CsvOptions = Pick<Options, 'header' | 'columns' | 'bom' | 'record_delimiter'>;

export const neutralise = (text: string): string => (FORMULA.test(text) ? `'${text}` : text);

export const restore = (text: string): string => (NEUTRALISED.test(text) ? text.slice(1) : text);

const cast: Options['cast'] = {
  string: neutralise,
  boolean: (v) => String(v),
  object: (v) => (v instanceof Figure ? v.text : JSON.stringify(v)),
};

export function csvText(rows: readonly CsvRow[], options: CsvOptions = {}): string {
  return stringifySync(rows as CsvRow[], { ...options, cast });
}

export function csvStream(
  rows: AsyncIterable<CsvRow> | Iterable<CsvRow>,
  options: CsvOptions = {},
): Readable {
  const source = Readable.from(rows);
  const out = source.pipe(stringify({ ...options, cast }));
  // pipe() does not pass a failed read on: it would be an unhandled 'error' and the reply would never end.
  source.once('error', (err) => out.destroy(err));
  return out;
}

export function utf8Text(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(`Line ${firstNonUtf8Line(bytes)} is not UTF-8 text: save the file as CSV UTF-8`);
  }
}

function firstNonUtf8Line(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let line = 1, start = 0; ; line++) {
    const end = bytes.indexOf(0x0a, start);
    try {
      decoder.decode(bytes.subarray(start, end === -1 ? bytes.length : end));
    } catch {
      return line;
    }
    if (end === -1) return line;
    start = end + 1;
  }
}
