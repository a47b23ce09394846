import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import { isDatabaseUnavailable, withStartLock, type Database, type DbOrTx } from '../db/client.ts';

const JOBS_START_LOCK = 727_003;
const noJobChanged = () => ({ rows: [{ count: 0 }] });
const SETTLE_RETRY_MS = 60_000;

export interface JobTypes {
  mail: {
    to: string;
    subject: string;
    text: string;
    html?: string | undefined;
    link?: string | undefined;
    /** The shop's name when the mail was made; a job queued without it is sent under the name at sending. */
    fromName?: string | undefined;
    attach?: { orderId: number; kind: 'invoice' | 'credit_note' } | undefined;
  };
  /** A message to a shopper's phone (apps/api/src/phone): a template and its values, sent by the provider. */
  phone: {
    to: string;
    template: PhoneTemplate;
    params: Record<string, string>;
    /** For the failed-jobs list. */
    orderId?: number | undefined;
  };
  'reservations.sweep': Record<string, never>;
  'sessions.prune': Record<string, never>;
  'summary.daily': Record<string, never>;
  'cod.sweep': Record<string, never>;
  'shipping.poll': Record<string, never>;
  'payments.reconcile': Record<string, never>;
  /** A bulk booking (docs/product.md, Shipping): its orders booked one by one, its progress kept. */
  'shipping.book': { batchId: number };
  /** docs/product.md, Wishlist and Back in stock: price drops mailed, restocked alerts mailed. */
  'wishlist.sweep': Record<string, never>;
  'stock-alerts.sweep': Record<string, never>;
}

/** docs/product.md, Cash on delivery: asking to confirm, the reminder half-way, and the cancellation. */
export const PHONE_TEMPLATES = ['cod_confirm', 'cod_reminder', 'cod_cancelled'] as const;
export type PhoneTemplate = (typeof PHONE_TEMPLATES)[number];
export type QueueName = keyof JobTypes;
export type HousekeepingQueue = 'reservations.sweep' | 'sessions.prune' | 'cod.sweep' | 'shipping.poll' | 'payments.reconcile' | 'wishlist.sweep' | 'stock-alerts.sweep';
export type CronQueue = 'summary.daily';

export interface JobQueue {
  send<Q extends QueueName>(
    db: DbOrTx,
    queue: Q,
    data: JobTypes[Q],
    opts?: PgBoss.SendOptions,
  ): Promise<void>;
  work<Q extends QueueName>(
    queue: Q,
    opts: { pollingIntervalSeconds: number; batchSize?: number },
    handler: (job: PgBoss.JobWithMetadata<JobTypes[Q]>) => Promise<void>,
  ): Promise<void>;
  wake(queue: QueueName): void;
  /** Upserts the queue's one schedule: every process may call it, pg-boss sends one job per matching minute. */
  schedule(queue: CronQueue, cron: string, tz: string): Promise<void>;
  start(): Promise<void>;
  stop(timeoutMs?: number): Promise<void>;
}

function toSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  // An undefined value would vanish from a drizzle template: pg-boss means SQL NULL by it.
  parts.forEach((part, i) =>
    chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`),
  );
  return sql.join(chunks);
}

function executorOf(db: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const result = (await db.execute(toSql(text, values ?? []))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

export function createJobQueue(database: Database, log: (err: unknown, what: string) => void): JobQueue {
  const inFlight = new Set<Promise<unknown>>();
  const running = new Set<Promise<void>>();
  let stopping = false;
  // Decision 014: pg-boss does not await its statements on jobs by id ([queue, ids, data]); a rejection would end the process.
  const settleJobs = async (text: string, values: unknown[]) => {
    for (const started = Date.now(); ; ) {
      try {
        return await database.executeSql(text, values);
      } catch (err) {
        if (stopping || !isDatabaseUnavailable(err) || Date.now() - started > SETTLE_RETRY_MS) {
          log(err, 'completing jobs');
          return noJobChanged();
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  };
  const executeSql = (text: string, values: unknown[] | undefined) => {
    const query = values && Array.isArray(values[1]) ? settleJobs(text, values) : database.executeSql(text, values ?? []);
    const settled = query.then(
      () => undefined,
      () => undefined,
    );
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
    return query;
  };
  const boss = new PgBoss({
    db: { executeSql },
    schema: 'pgboss',
    deleteAfterDays: 7,
    maintenanceIntervalSeconds: 300,
    monitorStateIntervalSeconds: 600,
    // Cron for the clock-time jobs (decision 032); interval jobs still go through jobs/periodic.ts.
    schedule: true,
  });
  boss.on('error', (err) => log(err, 'the job queue'));
  const workers = new Map<QueueName, string>();
  const queues: Record<QueueName, PgBoss.Queue> = {
    mail: { name: 'mail', retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
    phone: { name: 'phone', retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
    'cod.sweep': { name: 'cod.sweep', policy: 'stately', retryLimit: 0, expireInSeconds: 120 },
    // A courier's 50 parcels at 15 s a call at worst.
    'shipping.poll': { name: 'shipping.poll', policy: 'stately', retryLimit: 0, expireInSeconds: 900 },
    // 200 payments and 100 refunds at a provider call each.
    'payments.reconcile': { name: 'payments.reconcile', policy: 'stately', retryLimit: 0, expireInSeconds: 1800 },
    // A hundred orders at four courier calls each; a retry goes on from the last order done.
    'shipping.book': { name: 'shipping.book', retryLimit: 3, retryDelay: 30, expireInSeconds: 3600 },
    'reservations.sweep': {
      name: 'reservations.sweep',
      policy: 'stately',
      retryLimit: 0,
      expireInSeconds: 120,
    },
    'sessions.prune': { name: 'sessions.prune', policy: 'stately', retryLimit: 0, expireInSeconds: 300 },
    'summary.daily': { name: 'summary.daily', policy: 'stately', retryLimit: 3, retryDelay: 300, expireInSeconds: 300 },
    'wishlist.sweep': { name: 'wishlist.sweep', policy: 'stately', retryLimit: 0, expireInSeconds: 300 },
    'stock-alerts.sweep': { name: 'stock-alerts.sweep', policy: 'stately', retryLimit: 0, expireInSeconds: 300 },
  };
  return {
    async send(db, queue, data, opts = {}) {
      await boss.send(queue, data, { ...opts, db: executorOf(db) });
    },
    async work(queue, opts, handler) {
      const id = await boss.work<JobTypes[typeof queue]>(
        queue,
        { batchSize: 1, ...opts, includeMetadata: true },
        async (batch) => {
          // A fetch under way when stop() began still delivers its jobs: failed, they are retried later.
          if (stopping) throw new Error('the job queue is stopping');
          const run = (async () => {
            for (const job of batch) {
              try {
                await handler(job);
              } catch (err) {
                // pg-boss then completes only the jobs still active, so this one is retried after its backoff.
                await boss.fail(queue, job.id, { message: String(err) });
              }
            }
          })();
          running.add(run);
          try {
            await run;
          } finally {
            running.delete(run);
          }
        },
      );
      workers.set(queue, id);
    },
    wake(queue) {
      const id = workers.get(queue);
      if (id) boss.notifyWorker(id);
    },
    async schedule(queue, cron, tz) {
      await boss.schedule(queue, cron, {}, { tz });
    },
    async start() {
      await withStartLock(database, JOBS_START_LOCK, async () => {
        await boss.start();
        for (const q of Object.values(queues)) await boss.createQueue(q.name, q);
      });
    },
    async stop(timeoutMs = 20_000) {
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      // Until quiet: a batch finishing now is completed by a query issued right after.
      do {
        await Promise.all([...inFlight, ...running]);
        await new Promise((resolve) => setImmediate(resolve));
      } while (inFlight.size || running.size);
    },
  };
}
