import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { CronQueue, HousekeepingQueue } from './queue.ts';

export function schedulePeriodic(app: FastifyInstance, queue: HousekeepingQueue, intervalMs: number, run: () => Promise<void>): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await app.jobs.work(queue, { pollingIntervalSeconds: Math.min(2, intervalMs / 1000) }, run);
    const ask = () => app.jobs.send(app.db, queue, {}).catch((err: unknown) => app.log.error({ err }, `asking for ${queue} failed`));
    await ask();
    timer = setInterval(() => void ask(), intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** At a clock time (a cron in `tz`), once whatever the number of processes; `run` gets the job, whose createdOn is the time it was due. */
export function scheduleCron(
  app: FastifyInstance,
  queue: CronQueue,
  cron: string,
  tz: string,
  run: (job: PgBoss.JobWithMetadata<Record<string, never>>) => Promise<void>,
): void {
  app.addHook('onReady', async () => {
    await app.jobs.work(queue, { pollingIntervalSeconds: 30 }, run);
    await app.jobs.schedule(queue, cron, tz);
  });
}
