import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPhoneSender } from './index.ts';
import { createOutboxPhone } from './outbox.ts';
import { PermanentPhoneError } from './phone.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function outboxDir() {
  const dir = mkdtempSync(join(tmpdir(), 'shop-phone-outbox-'));
  dirs.push(dir);
  return join(dir, 'phone-outbox');
}

const cancelled = {
  to: '098200 12345',
  template: 'cod_cancelled',
  params: { name: 'Asha', orderId: '42', shopName: 'Saree Pari' },
} as const;

describe('the phone outbox', () => {
  it('writes one JSON file per message with the normalised number, the values and the words, and logs them', async () => {
    const dir = outboxDir();
    const logs: string[] = [];
    const phone = createOutboxPhone({ outboxDir: dir, log: (m) => logs.push(m) });
    const { id } = await phone.send(cancelled);
    const files = readdirSync(dir);
    expect(files).toEqual([`${id}.json`]);
    expect(id).toMatch(/-cod_cancelled-[0-9a-f]{12}$/);
    const written = JSON.parse(readFileSync(join(dir, files[0]!), 'utf8')) as Record<string, unknown>;
    expect(written).toMatchObject({
      id,
      to: '919820012345',
      template: 'cod_cancelled',
      params: cancelled.params,
      text: 'Hello Asha, your cash-on-delivery order #42 from Saree Pari was cancelled because it was not confirmed in time.',
    });
    expect(new Date(written.sentAt as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(logs).toEqual([
      `phone message cod_cancelled to ********2345 written to ${join(dir, files[0]!)}: ${written.text as string}`,
    ]);
  });

  it('makes the folder again when it was removed after the first message', async () => {
    const dir = outboxDir();
    const phone = createOutboxPhone({ outboxDir: dir });
    await phone.send(cancelled);
    rmSync(dir, { recursive: true });
    await phone.send(cancelled);
    expect(readdirSync(dir)).toHaveLength(1);
  });

  it('refuses, as the real provider would, a number that is not one and a missing value, writing nothing', async () => {
    const dir = outboxDir();
    const phone = createOutboxPhone({ outboxDir: dir });
    await expect(phone.send({ ...cancelled, to: '12345' })).rejects.toThrow(PermanentPhoneError);
    await expect(phone.send({ ...cancelled, params: { name: 'Asha', orderId: '42' } })).rejects.toThrow(
      'cod_cancelled needs shopName',
    );
    expect(existsSync(dir)).toBe(false);
  });

  it('is what the factory gives without PHONE_PROVIDER=whatsapp', async () => {
    const dir = outboxDir();
    const phone = createPhoneSender({ provider: 'outbox', outboxDir: dir, whatsapp: undefined });
    await phone.send(cancelled);
    expect(readdirSync(dir)).toHaveLength(1);
  });
});
