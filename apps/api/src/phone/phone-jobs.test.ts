import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  accepted,
  graphError,
  startWhatsAppStandIn,
  type ReceivedRequest,
  type WhatsAppStandIn,
} from '../../test/whatsapp-stand-in.ts';
import type { Db } from '../db/client.ts';
import type { JobTypes } from '../jobs/queue.ts';

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface JobRow {
  id: string;
  state: string;
}
interface FailedRow {
  summary: string;
  error: string;
  attempts: number;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
const jobOf = async (db: Db, orderId: number) =>
  (
    await rows<JobRow>(
      db,
      sql`select id, state from pgboss.job where name = 'phone' and (data->>'orderId')::int = ${orderId}`,
    )
  )[0];
const failedOf = async (db: Db, orderId: number) =>
  (
    await rows<FailedRow>(
      db,
      sql`select summary, error, attempts from failed_jobs where queue = 'phone' and summary like ${`%(order #${orderId})`}`,
    )
  )[0];

const confirmJob = (orderId: number, to = '+91 98200 12345'): JobTypes['phone'] => ({
  to,
  template: 'cod_confirm',
  orderId,
  params: {
    name: 'Asha',
    orderId: String(orderId),
    amount: '₹2,450',
    link: `http://localhost:3000/orders/${orderId}/confirm`,
    shopName: 'Saree Pari',
    confirmBy: '27 Nov, 6:30 pm',
  },
});

const orderIdOf = (req: ReceivedRequest) =>
  Number(
    (req.body as { template: { components: { parameters: { text: string }[] }[] } }).template.components[0]!
      .parameters[1]!.text,
  );

describe('the phone job, sent through WhatsApp Cloud API', () => {
  let standIn: WhatsAppStandIn;
  let t: TestApp;
  beforeAll(async () => {
    standIn = await startWhatsAppStandIn();
    // The order's number tells the stand-in how to answer, so the tests do not depend on one another.
    standIn.answer((req) => {
      const id = orderIdOf(req);
      return id === 400
        ? graphError(400, 131008, 'Required parameter is missing')
        : id >= 500
          ? graphError(500, 1, 'An unknown error occurred')
          : accepted();
    });
    t = await createTestApp({
      PHONE_PROVIDER: 'whatsapp',
      WHATSAPP_TOKEN: 'EAAG-app-token',
      WHATSAPP_PHONE_NUMBER_ID: '1065403522',
      WHATSAPP_API_BASE: standIn.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });
  const send = async (data: JobTypes['phone'], opts?: { retryLimit: number }) => {
    await t.app.jobs.send(t.db, 'phone', data, opts);
    t.app.jobs.wake('phone');
  };
  const received = (orderId: number) => standIn.requests.filter((r) => orderIdOf(r) === orderId);

  it('delivers a queued message to the provider and completes the job', async () => {
    await send(confirmJob(11));
    const [req] = await until(
      async () => (received(11).length ? received(11) : undefined),
      'the stand-in to receive order #11',
    );
    expect(req!.path).toBe('/v21.0/1065403522/messages');
    expect(req!.headers.authorization).toBe('Bearer EAAG-app-token');
    expect(req!.body).toMatchObject({
      to: '919820012345',
      template: { name: 'cod_confirm', language: { code: 'en' } },
    });
    await until(
      async () => ((await jobOf(t.db, 11))?.state === 'completed' ? true : undefined),
      'the job to complete',
    );
    expect(await failedOf(t.db, 11)).toBeUndefined();
  });

  it('records a number that cannot be normalised at once, without retries and without calling the provider', async () => {
    await send(confirmJob(12, '98200 1234'));
    const failed = await until(() => failedOf(t.db, 12), 'the failed job of order #12');
    expect(failed).toMatchObject({ summary: 'phone cod_confirm to *****1234 (order #12)', attempts: 1 });
    expect(failed.error).toContain('is not a mobile number with its country code');
    expect((await jobOf(t.db, 12))?.state).toBe('completed');
    expect(received(12)).toHaveLength(0);
  });

  it('records a 400 from the provider at once, without retries', async () => {
    await send(confirmJob(400));
    const failed = await until(() => failedOf(t.db, 400), 'the failed job of order #400');
    expect(failed).toMatchObject({ summary: 'phone cod_confirm to ********2345 (order #400)', attempts: 1 });
    expect(failed.error).toContain('WhatsApp answered 400: Required parameter is missing (code 131008)');
    expect((await jobOf(t.db, 400))?.state).toBe('completed');
    expect(received(400)).toHaveLength(1);
  });

  it('retries after a 500 and records nothing while retries remain', async () => {
    await send(confirmJob(500));
    await until(
      async () => ((await jobOf(t.db, 500))?.state === 'retry' ? true : undefined),
      'the job to wait for its retry',
    );
    expect(received(500)).toHaveLength(1);
    expect(await failedOf(t.db, 500)).toBeUndefined();
  });

  it('records a message that failed its last retry', async () => {
    await send(confirmJob(501), { retryLimit: 0 });
    const failed = await until(() => failedOf(t.db, 501), 'the failed job of order #501');
    expect(failed).toMatchObject({ summary: 'phone cod_confirm to ********2345 (order #501)', attempts: 1 });
    expect(failed.error).toContain('WhatsApp answered 500');
    expect((await jobOf(t.db, 501))?.state).toBe('failed');
  });
});

describe('the phone job without a provider configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('writes the message to DATA_DIR/phone-outbox', async () => {
    await t.app.jobs.send(t.db, 'phone', {
      to: '9820012345',
      template: 'cod_cancelled',
      orderId: 21,
      params: { name: 'Asha', orderId: '21', shopName: 'Saree Pari' },
    });
    t.app.jobs.wake('phone');
    const dir = join(t.dataDir, 'phone-outbox');
    const [file] = await until(
      async () => (existsSync(dir) && readdirSync(dir).length ? readdirSync(dir) : undefined),
      'a file in the phone outbox',
    );
    expect(JSON.parse(readFileSync(join(dir, file!), 'utf8'))).toMatchObject({
      to: '919820012345',
      template: 'cod_cancelled',
      text: 'Hello Asha, your cash-on-delivery order #21 from Saree Pari was cancelled because it was not confirmed in time.',
    });
  });
});
