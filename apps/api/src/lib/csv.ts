import { Readable } from 'node:stream';
import { stringify, type Options } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { badRequest } from './errors.ts';

// Every CSV the shop writes goes through here, so that no cell a person typed can start a
// spreadsheet formula (OWASP's CSV injection rule): such a string cell gets a leading quote.

const FORMULA = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/**
 * A figure the server formatted itself (`-2500.00`): written as it is, since a negative amount is
 * a number to a spreadsheet, not a formula.
 */
export class Figure {
  constructor(readonly text: string) {}
}

export type CsvCell = string | number | boolean | null | undefined | Figure;
export type CsvRow = readonly CsvCell[] | Readonly<Record<string, CsvCell>>;
type CsvOptions = Pick<Options, 'header' | 'columns' | 'bom' | 'record_delimiter'>;

/**
 * A quote before a string that starts a formula; also before one that starts with quotes and then
 * a formula character, so that `'=x` (exported `''=x`) comes back exactly on import.
 */
export const neutralise = (text: string): string => (FORMULA.test(text) ? `'${text}` : text);

/** The cell as typed before neutralise: an import of an export gives back the same text. */
export const restore = (text: string): string => (NEUTRALISED.test(text) ? text.slice(1) : text);

const cast: Options['cast'] = {
  string: neutralise,
  boolean: (v) => String(v),
  object: (v) => (v instanceof Figure ? v.text : JSON.stringify(v)),
};

/** The rows as one CSV string. */
export function csvText(rows: readonly CsvRow[], options: CsvOptions = {}): string {
  return stringifySync(rows as CsvRow[], { ...options, cast });
}

/** The rows as a CSV stream, read from the source as the reader asks. */
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

/**
 * The upload's text, refusing bytes that are not UTF-8 (a file saved as Latin-1 or Windows-1252)
 * rather than storing U+FFFD in their place.
 */
export function utf8Text(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(`Line ${firstNonUtf8Line(bytes)} is not UTF-8 text: save the file as CSV UTF-8`);
  }
}

/** Lines split on the LF byte, which never occurs inside a UTF-8 sequence. */
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
