import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from './app.ts';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  raw: string;
}

export interface SmtpCapture {
  /** An SMTP_URL for the app: `smtp://127.0.0.1:<port>`. */
  url: string;
  /** Every mail received since start or the last clear(), in order. */
  mails: CapturedMail[];
  /** The first received mail that matches, waiting for it up to `timeoutMs`. */
  waitForMail(match?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  clear(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 and a free port that keeps every mail it receives, decoded
 * (headers, text and html parts), so a test can read what a shopper would. Plain SMTP, no auth.
 */
export async function startSmtpServer(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelopeFrom = session.envelope.mailFrom;
        mails.push({
          ...parseMessage(raw),
          from: envelopeFrom ? envelopeFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(match = () => true, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${mails.length} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    clear() {
      mails.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const text = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** RFC 2047 encoded words in a header (=?utf-8?Q?…?= and =?utf-8?B?…?=). */
function decodeHeader(value: string): string {
  return value.replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=\s*/g, (_m, kind: string, data: string) =>
    kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function collectParts(part: Part, out: { text: string; html: string }): void {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectParts(splitHeaders(section.replace(/^\r?\n/, '')), out);
    }
    return;
  }
  if (/^text\/html/i.test(type)) out.html += decodeBody(part);
  else if (/^text\/plain/i.test(type)) out.text += decodeBody(part);
}

function parseMessage(raw: string): Pick<CapturedMail, 'subject' | 'text' | 'html' | 'headers'> {
  const top = splitHeaders(raw);
  const out = { text: '', html: '' };
  collectParts(top, out);
  return { subject: decodeHeader(top.headers.subject ?? ''), text: out.text.trimEnd(), html: out.html, headers: top.headers };
}

/**
 * A test file's app whose mail goes to a real SMTP server of its own: both started before the file's
 * tests and closed after them, the database and the captured mails emptied before each test. The
 * hooks are registered here; read `t` and `smtp` inside the tests.
 */
export function mailTestApp(env: Record<string, string> = {}): { readonly t: TestApp; readonly smtp: SmtpCapture } {
  let t: TestApp | undefined;
  let smtp: SmtpCapture | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url, ...env });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(async () => {
    await t!.reset();
    smtp!.clear();
  });
  return {
    get t() {
      return t!;
    },
    get smtp() {
      return smtp!;
    },
  };
}
