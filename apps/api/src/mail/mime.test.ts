import PostalMime from 'postal-mime';
import { describe, expect, it } from 'vitest';
import { composeMime, encodeWords, parseAddress, quotedPrintable } from './mime.ts';

/**
 * postal-mime keeps the CRLF before a part's end in a quoted-printable body, though RFC 2046 gives
 * it to the boundary: it is dropped here so that a body reads back as it was written.
 */
async function parse(raw: string) {
  const mail = await PostalMime.parse(raw);
  const trim = (s: string | undefined) => s?.replace(/\n$/, '');
  return { ...mail, text: trim(mail.text), html: trim(mail.html) };
}

describe('composeMime', () => {
  it('writes a mail a MIME parser reads back whole: addresses, subject, text and HTML', async () => {
    const raw = composeMime({
      from: 'Saree Pari <no-reply@sareepari.local>',
      to: 'asha@example.com',
      subject: 'Your Saree Pari order #42 is placed',
      text: 'Namaste Asha,\nTotal: ₹2,249.10\n.\nA line that starts with a dot, and a long one: ' + 'ज़री '.repeat(60),
      html: '<p>Namaste Asha,</p><p>Total: ₹2,249.10</p>',
    });
    const mail = await parse(raw);
    expect(mail.from).toEqual({ name: 'Saree Pari', address: 'no-reply@sareepari.local' });
    expect(mail.to).toEqual([{ name: '', address: 'asha@example.com' }]);
    expect(mail.subject).toBe('Your Saree Pari order #42 is placed');
    expect(mail.text).toBe('Namaste Asha,\nTotal: ₹2,249.10\n.\nA line that starts with a dot, and a long one: ' + 'ज़री '.repeat(60));
    expect(mail.html).toBe('<p>Namaste Asha,</p><p>Total: ₹2,249.10</p>');
    expect(mail.messageId).toMatch(/^<[0-9a-f]{24}@sareepari\.local>$/);
    expect(new Date(mail.date!).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('encodes a subject and a sender name that are not plain ASCII, however long', async () => {
    const subject = `आपका ऑर्डर #42 — शुक्रिया! 🌸 ${'बनारसी रेशम साड़ी '.repeat(8)}`;
    const raw = composeMime({ from: 'साड़ी परी <shop@example.com>', to: 'asha@example.com', subject, text: 'x' });
    const mail = await parse(raw);
    expect(mail.subject).toBe(subject);
    expect(mail.from).toEqual({ name: 'साड़ी परी', address: 'shop@example.com' });
    // Every line stays within the 78 characters RFC 5322 asks for.
    for (const line of raw.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
  });

  it('keeps every header on its own line, whatever CR or LF a value carries', async () => {
    const raw = composeMime({
      from: 'Shop <shop@example.com>',
      to: 'asha@example.com\r\nBcc: victim@example.com',
      subject: 'Hello\r\nBcc: victim@example.com\nX-Evil: 1',
      text: 'body',
    });
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(head).not.toMatch(/^(Bcc|X-Evil):/im);
    const mail = await parse(raw);
    expect(mail.bcc ?? []).toEqual([]);
    expect(mail.subject).toBe('Hello Bcc: victim@example.com X-Evil: 1');
  });

  it('sends a text-only mail as a single text part', async () => {
    const raw = composeMime({ from: 'shop@example.com', to: 'asha@example.com', subject: 'Hi', text: 'Only text' });
    expect(raw).not.toContain('multipart');
    const mail = await parse(raw);
    expect(mail.text).toBe('Only text');
    expect(mail.html).toBeUndefined();
    expect(mail.from).toEqual({ name: '', address: 'shop@example.com' });
  });

  it('quotes a sender name with specials', async () => {
    const mail = await parse(composeMime({ from: 'Pari, "the" Shop <shop@example.com>', to: 'a@example.com', subject: 's', text: 't' }));
    expect(mail.from).toEqual({ name: 'Pari, "the" Shop', address: 'shop@example.com' });
  });
});

describe('encodeWords', () => {
  it('never splits a character between two words', () => {
    const text = '🌸'.repeat(40);
    const words = encodeWords(text).split('\r\n ');
    expect(words.length).toBeGreaterThan(1);
    const decoded = words.map((w) => Buffer.from(/=\?UTF-8\?B\?(.*)\?=/.exec(w)![1]!, 'base64').toString('utf8'));
    expect(decoded.join('')).toBe(text);
    for (const d of decoded) expect(d).not.toContain('\uFFFD');
  });
});

describe('quotedPrintable', () => {
  it('leaves plain ASCII readable, encodes the rest, and keeps lines within 76 characters', async () => {
    const text = `Total: ₹2,249.10 = paid\ntrailing space \n${'x'.repeat(200)}\n${'ज़री '.repeat(30)}`;
    const qp = quotedPrintable(text);
    expect(qp).toContain('Total: =E2=82=B92,249.10 =3D paid');
    expect(qp).toContain('trailing space=20\r\n');
    for (const line of qp.split('\r\n')) expect(line.length).toBeLessThanOrEqual(76);
    const raw = `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${qp}`;
    expect((await parse(raw)).text).toBe(text);
  });
});

describe('parseAddress', () => {
  it('reads a display name and an address, or a bare address', () => {
    expect(parseAddress('Saree Pari <no-reply@localhost>')).toEqual({ name: 'Saree Pari', address: 'no-reply@localhost' });
    expect(parseAddress('"Pari Shop" <a@b.c>')).toEqual({ name: 'Pari Shop', address: 'a@b.c' });
    expect(parseAddress(' a@b.c ')).toEqual({ name: '', address: 'a@b.c' });
  });
});
