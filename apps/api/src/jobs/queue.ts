import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import { isDatabaseUnavailable, withStartLock, type Database, type DbOrTx } from '../db/client.ts';

const JOBS_START_LOCK = 727_003;
/** How long completing or failing jobs is retried while the database is away, before it is given up. */
const SETTLE_RETRY_MS = 60_000;

/** The queues and what their jobs carry. */
export interface JobTypes {
  mail: {
    to: string;
    subject: string;
    text: string;
    html?: string | undefined;
    link?: string | undefined;
    /** An order's tax invoice or credit note, rendered as a PDF attachment when the mail is sent. */
    attach?: { orderId: number; kind: 'invoice' | 'credit_note' } | undefined;
  };
  'reservations.sweep': Record<string, never>;
  'sessions.prune': Record<string, never>;
}
export type QueueName = keyof JobTypes;
/** The queues of jobs that carry nothing and run one at a time across processes (jobs/periodic.ts). */
export type HousekeepingQueue = 'reservations.sweep' | 'sessions.prune';

export interface JobQueue {
  /** Enqueues a job with the caller's handle: inside a transaction, the job exists only if it commits. */
  send<Q extends QueueName>(
    db: DbOrTx,
    queue: Q,
    data: JobTypes[Q],
    opts?: PgBoss.SendOptions,
  ): Promise<void>;
  /**
   * Runs `handler` for the queue's jobs in this process, up to `batchSize` fetched at once and run
   * one after the other; a job that throws fails alone (and is retried), the rest complete.
   * `wake` asks the worker to look at once instead of at its next poll.
   */
  work<Q extends QueueName>(
    queue: Q,
    opts: { pollingIntervalSeconds: number; batchSize?: number },
    handler: (job: PgBoss.JobWithMetadata<JobTypes[Q]>) => Promise<void>,
  ): Promise<void>;
  wake(queue: QueueName): void;
  start(): Promise<void>;
  /** Stops fetching, lets running jobs finish (up to `timeoutMs`), then stops. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * pg-boss's SQL (`$1`… placeholders) as a drizzle query, so a job can be written by whatever handle
 * the caller holds: the database, or the transaction whose change causes the job.
 */
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

/**
 * The job queue on the shop's own database (decision 014: pg-boss): PostgreSQL, or the embedded
 * PGlite for one process. pg-boss's own statements go through the same connection pool (or the
 * one PGlite client): several of its migration and maintenance statements come as one text.
 */
export function createJobQueue(database: Database, log: (err: unknown, what: string) => void): JobQueue {
  // pg-boss completes a finished job without awaiting it: its query is tracked, so stop() waits for
  // it before the pool closes.
  const inFlight = new Set<Promise<unknown>>();
  const running = new Set<Promise<void>>();
  let stopping = false;
  // pg-boss's statements on jobs by id ([queue, ids, data]) are the ones it issues without awaiting
  // them (completing and failing a worker's jobs): a rejection there would end the process. They are
  // retried while the database is away; given up, the jobs stay active and run again once they expire.
  const settleJobs = async (text: string, values: unknown[]) => {
    for (const started = Date.now(); ; ) {
      try {
        return await database.executeSql(text, values);
      } catch (err) {
        if (stopping || !isDatabaseUnavailable(err) || Date.now() - started > SETTLE_RETRY_MS) {
          log(err, 'completing jobs');
          // What pg-boss reads of the reply: no job changed.
          return { rows: [{ count: 0 }] };
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
    // Jobs are kept a week after they end, for an admin to look at; maintenance runs every few minutes.
    deleteAfterDays: 7,
    maintenanceIntervalSeconds: 300,
    monitorStateIntervalSeconds: 600,
    // No cron scheduler: every process asks for the reservation sweep itself (payments routes).
    schedule: false,
  });
  boss.on('error', (err) => log(err, 'the job queue'));
  const workers = new Map<QueueName, string>();
  const queues: Record<QueueName, PgBoss.Queue> = {
    mail: { name: 'mail', retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
    // One sweep waiting and one running at most, whatever the number of processes.
    'reservations.sweep': {
      name: 'reservations.sweep',
      policy: 'stately',
      retryLimit: 0,
      expireInSeconds: 120,
    },
    'sessions.prune': { name: 'sessions.prune', policy: 'stately', retryLimit: 0, expireInSeconds: 300 },
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
          // A fetch under way when stop() began still delivers its jobs: they go back to the queue
          // (failed, to be retried) rather than run while the process shuts down.
          if (stopping) throw new Error('the job queue is stopping');
          const run = (async () => {
            for (const job of batch) {
              try {
                await handler(job);
              } catch (err) {
                // pg-boss then completes only the jobs still active: this one is not sent again early.
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
    async start() {
      // pg-boss makes its schema at the first start: processes starting together take turns.
      await withStartLock(database, JOBS_START_LOCK, async () => {
        await boss.start();
        for (const q of Object.values(queues)) await boss.createQueue(q.name, q);
      });
    },
    async stop(timeoutMs = 20_000) {
      stopping = true;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      // Until quiet: a batch that finishes now is completed (or failed) by a query issued right after.
      do {
        await Promise.all([...inFlight, ...running]);
        await new Promise((resolve) => setImmediate(resolve));
      } while (inFlight.size || running.size);
    },
  };
}
