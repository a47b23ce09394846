import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from '../db/client.ts';
import { createPostgresDatabase } from '../../test/app.ts';
import { testDatabaseUrl } from '../../test/database-url.ts';
import { createJobQueue } from './queue.ts';
import { schedulePeriodic } from './periodic.ts';

let database: Database;
let drop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const base = testDatabaseUrl();
  const pg = base ? await createPostgresDatabase(base) : undefined;
  drop = pg?.drop;
  database = await openDatabase({ databaseUrl: pg?.url, poolSize: 4 });
  await migrate(database);
});
afterAll(async () => {
  await database.close();
  await drop?.();
});

/** One server process that does nothing but the periodic job. */
async function startProcess(run: () => Promise<void>): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  const jobs = createJobQueue(database, () => {});
  app.decorate('db', database.db);
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  schedulePeriodic(app, 'sessions.prune', 1000, run);
  await app.ready();
  return app;
}

it('runs a periodic job in one process at a time, and a closed process leaves its turn to the others', async () => {
  let runs = 0;
  let running = 0;
  let mostAtOnce = 0;
  const run = async () => {
    running++;
    mostAtOnce = Math.max(mostAtOnce, running);
    await new Promise((resolve) => setTimeout(resolve, 300));
    running--;
    runs++;
  };
  const first = await startProcess(run);
  const second = await startProcess(run);
  await expect.poll(() => runs, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await first.close();
  const afterFirstClosed = runs;
  await expect.poll(() => runs, { timeout: 15_000 }).toBeGreaterThanOrEqual(afterFirstClosed + 2);
  await second.close();
  expect(mostAtOnce).toBe(1);
});
