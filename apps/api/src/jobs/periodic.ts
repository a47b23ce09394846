import type { FastifyInstance } from 'fastify';
import type { HousekeepingQueue } from './queue.ts';

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
