import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The mail's one action link, logged when mails go to the outbox so the flow works offline. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mails go, for the start-up banner: an SMTP host or the outbox folder. */
  readonly describe: string;
  close(): void;
}

/**
 * DESIGN §3 Mail: real SMTP when SMTP_URL is set; otherwise every mail is written as an .eml file
 * to DATA_DIR/outbox and its link is logged, so the reset flow works offline.
 */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; outboxDir: string; log?: (msg: string) => void }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      describe: `SMTP ${new URL(opts.smtpUrl).host}`,
      async send({ link: _link, ...mail }) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: `files in ${opts.outboxDir}`,
    async send({ link, ...mail }) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await mkdir(opts.outboxDir, { recursive: true });
      const file = join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`);
      await writeFile(file, info.message as Buffer);
      opts.log?.(`mail "${mail.subject}" to ${mail.to} written to ${file}${link ? `; its link: ${link}` : ''}`);
    },
    close: () => transport.close(),
  };
}
