import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { maskPhoneNumber, phoneNumberOf, renderPhoneText, type PhoneSender } from './phone.ts';

/**
 * The default: one JSON file per message in the outbox folder, with the words the shopper would read,
 * so a shop without a WhatsApp account (and every development machine) sees what would have been sent.
 * A number or a value the real provider would refuse fails here too.
 */
export function createOutboxPhone(opts: { outboxDir: string; log?: (msg: string) => void }): PhoneSender {
  let folder: Promise<unknown> | undefined;
  const write = async (file: string, body: string) => {
    await (folder ??= mkdir(opts.outboxDir, { recursive: true }));
    await writeFile(file, body).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
      await (folder = mkdir(opts.outboxDir, { recursive: true }));
      await writeFile(file, body);
    });
  };
  return {
    async send({ to, template, params }) {
      const number = phoneNumberOf(to);
      const text = renderPhoneText(template, params);
      const now = new Date();
      const id = `${now.toISOString().replace(/[:.]/g, '-')}-${template}-${randomBytes(6).toString('hex')}`;
      const file = join(opts.outboxDir, `${id}.json`);
      await write(
        file,
        `${JSON.stringify({ id, sentAt: now.toISOString(), to: number, template, params, text }, null, 2)}\n`,
      );
      opts.log?.(`phone message ${template} to ${maskPhoneNumber(number)} written to ${file}: ${text}`);
      return { id };
    },
  };
}
