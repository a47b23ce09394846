import { randomBytes } from 'node:crypto';

/**
 * The shop's mails as MIME text (RFC 5322, 2045–2047): headers, then a text part and, when there is
 * one, an HTML alternative, each UTF-8 in quoted-printable (an .eml in the outbox stays readable). Written here rather than by nodemailer's composer,
 * which costs about 0.5–0.8 ms of CPU per mail (its streams) against 0.02 ms: a mail goes out with
 * every order (docs/performance.md). Lines end in CRLF, as SMTP and .eml files expect.
 */
export interface MimeMail {
  /** `Name <address>` or a bare address. */
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

const CRLF = '\r\n';

/** Header values are one line: a CR or LF from anywhere would start a header of its own. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

const printableAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);

/**
 * RFC 2047 encoded words for text that is not plain ASCII: each word holds whole characters and at
 * most 39 bytes (52 of base64), so even the first, after its header name, stays within 78 characters;
 * the words are folded onto lines of their own.
 */
export function encodeWords(text: string): string {
  const words: string[] = [];
  let chunk = '';
  for (const ch of text) {
    if (Buffer.byteLength(chunk + ch) > 39) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString('base64')}?=`).join(`${CRLF} `);
}

/** An unstructured header value: as it is when short printable ASCII, encoded words otherwise. */
function headerText(value: string): string {
  const line = oneLine(value);
  return printableAscii(line) && line.length <= 900 ? line : encodeWords(line);
}

/** Splits `Name <address>` into its display name and address. */
export function parseAddress(value: string): { name: string; address: string } {
  const m = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/.exec(oneLine(value));
  return m ? { name: m[1]!.replace(/^"(.*)"$/, '$1'), address: m[2]! } : { name: '', address: oneLine(value).trim() };
}

/** An address header: the display name quoted, or encoded when it is not plain ASCII. */
function addressHeader(value: string): string {
  const { name, address } = parseAddress(value);
  if (!name) return address;
  // Words of RFC 5322 atext go as they are; other ASCII is quoted; anything else is encoded.
  const shown = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]+$/.test(name)
    ? name
    : printableAscii(name)
      ? `"${name.replace(/["\\]/g, '\\$&')}"`
      : encodeWords(name);
  return `${shown} <${address}>`;
}

/**
 * Quoted-printable (RFC 2045 §6.7) of UTF-8 text: printable ASCII as it is, other bytes as =XX,
 * line breaks as CRLF, and soft breaks (`=` at the end) keeping every line within 76 characters.
 */
export function quotedPrintable(text: string): string {
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const bytes = Buffer.from(line);
    let current = '';
    bytes.forEach((b, i) => {
      // A space or tab at the end of a line would be lost in transit: it is encoded there.
      const plain = (b >= 33 && b <= 126 && b !== 61) || ((b === 32 || b === 9) && i < bytes.length - 1);
      const token = plain ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`;
      if (current.length + token.length > 75) {
        lines.push(`${current}=`);
        current = '';
      }
      current += token;
    });
    lines.push(current);
  }
  return lines.join(CRLF);
}

function part(type: 'plain' | 'html', body: string): string {
  return [`Content-Type: text/${type}; charset=utf-8`, 'Content-Transfer-Encoding: quoted-printable', '', quotedPrintable(body)].join(CRLF);
}

/** RFC 5322 date in UTC: `Sun, 22 Nov 2026 00:10:00 +0000`. */
const mailDate = (d: Date) => d.toUTCString().replace(/GMT$/, '+0000');

export function composeMime(mail: MimeMail, now: Date = new Date()): string {
  const from = parseAddress(mail.from);
  const domain = from.address.split('@')[1] || 'localhost';
  const headers = [
    `From: ${addressHeader(mail.from)}`,
    `To: ${addressHeader(mail.to)}`,
    `Subject: ${headerText(mail.subject)}`,
    `Date: ${mailDate(now)}`,
    `Message-ID: <${randomBytes(12).toString('hex')}@${domain}>`,
    'MIME-Version: 1.0',
  ];
  if (mail.html === undefined) return [...headers, part('plain', mail.text), ''].join(CRLF);
  const boundary = `=_${randomBytes(12).toString('hex')}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    part('plain', mail.text),
    `--${boundary}`,
    part('html', mail.html),
    `--${boundary}--`,
    '',
  ].join(CRLF);
}
