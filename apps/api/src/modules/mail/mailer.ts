import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where mails go, for the start-up banner: an SMTP host or the outbox folder. */
  readonly describe: string;
  close(): void;
}

/**
 * DESIGN §3 Mail: real SMTP when SMTP_URL is set; otherwise every mail is written as an .eml file
 * to DATA_DIR/outbox so the reset flow works offline.
 */
export function createMailer(opts: { smtpUrl: string | undefined; from: string; outboxDir: string; log?: (msg: string) => void }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      describe: `SMTP ${new URL(opts.smtpUrl).host}`,
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: `files in ${opts.outboxDir}`,
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      mkdirSync(opts.outboxDir, { recursive: true });
      const { writeFile } = await import('node:fs/promises');
      const file = join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '')}.eml`);
      await writeFile(file, info.message as Buffer);
      opts.log?.(`mail to ${mail.to} written to ${file}`);
    },
    close: () => transport.close(),
  };
}
