import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  link?: string;
  /** The sender's display name (the shop's), used when MAIL_FROM gives none. */
  fromName?: string | undefined;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  readonly describe: string;
  close(): void;
}

/**
 * MAIL_FROM with a display name ("Kaveri Weaves <shop@example.com>") is sent as it is; a bare address
 * goes out under the shop's name. Nodemailer quotes or encodes the name in the header.
 */
export function senderOf(from: string, name: string | undefined): string | { name: string; address: string } {
  const named = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from);
  if (named?.[1]) return from;
  // Line breaks and runs of spaces in a header would be no one's intent.
  const display = name?.replace(/\s+/g, ' ').trim();
  const address = named ? named[2]!.trim() : from.trim();
  return display ? { name: display, address } : address;
}

// Without SMTP_URL, mails go to DATA_DIR/outbox and their links to the log: the reset flow works offline.
export function createMailer(opts: { smtpUrl: string | undefined; from: string; outboxDir: string; log?: (msg: string) => void }): Mailer {
  if (opts.smtpUrl) {
    const url = new URL(opts.smtpUrl);
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    const transport = nodemailer.createTransport(url.toString());
    return {
      describe: `SMTP ${new URL(opts.smtpUrl).host}`,
      async send({ link: _link, fromName, ...mail }) {
        await transport.sendMail({ from: senderOf(opts.from, fromName), ...mail });
      },
      close: () => transport.close(),
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  let folder: Promise<unknown> | undefined;
  const write = async (file: string, message: Buffer) => {
    await (folder ??= mkdir(opts.outboxDir, { recursive: true }));
    await writeFile(file, message).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
      await (folder = mkdir(opts.outboxDir, { recursive: true }));
      await writeFile(file, message);
    });
  };
  return {
    describe: `files in ${opts.outboxDir}`,
    async send({ link, fromName, ...mail }) {
      const now = new Date();
      const file = join(opts.outboxDir, `${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.eml`);
      const { message } = (await composer.sendMail({ from: senderOf(opts.from, fromName), date: now, ...mail })) as { message: Buffer };
      await write(file, message);
      opts.log?.(`mail "${mail.subject}" to ${mail.to} written to ${file}${link ? `; its link: ${link}` : ''}`);
    },
    close: () => {},
  };
}

