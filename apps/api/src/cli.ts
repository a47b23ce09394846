import cluster, { type Worker } from 'node:cluster';
import { parseArgs } from 'node:util';
import { signupBodySchema } from '@shop/shared';
import { readEnv } from './env.ts';
import { prepareDatabase } from './db/prepare.ts';
import { seedDemo } from './db/seed/index.ts';
import { makeAdmin } from './flows/accounts.ts';
import { getShopBrand } from './modules/settings/settings.service.ts';
import { DataDirLockedError } from './db/lock.ts';

const [command, ...rest] = process.argv.slice(2);

/** After the first SIGTERM or SIGINT, how long the process may take before it exits regardless. */
const SHUTDOWN_DEADLINE_MS = 25_000;
// One stop request often arrives twice (Ctrl-C reaches the group and npm forwards it; systemd and a
// cluster's primary do likewise): a repeat within this window is that echo, a later one forces the exit.
const SIGNAL_ECHO_MS = 1000;

function onStopSignals(stop: () => void, force: () => void) {
  let first = 0;
  const handle = () => {
    if (!first) {
      first = Date.now();
      stop();
    } else if (Date.now() - first >= SIGNAL_ECHO_MS) force();
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
}

function exitNow(why: string): never {
  console.error(`  ${why}: exiting without waiting.`);
  process.exit(1);
}

async function start() {
  const config = readEnv();
  // N processes on one PostgreSQL (node cluster, one port); PGlite serves one process only (decision 002).
  if (config.webConcurrency > 1 && config.databaseUrl && cluster.isPrimary) return startCluster(config.webConcurrency);
  const { database, release } = await prepareDatabase(config, 'the shop server');
  const { seeded, accounts } = config.seedDemo ? await seedDemo(database, config) : { seeded: false, accounts: [] };
  const { buildApp } = await import('./app.ts');
  const app = await buildApp({ database, config });
  // SIGTERM drains: app.close() turns /api/ready to 503 and waits for the requests in flight and the
  // background work (plugins/health.ts); only then does the pool close.
  const shutdown = async () => {
    setTimeout(() => exitNow(`Still closing after ${SHUTDOWN_DEADLINE_MS / 1000} s`), SHUTDOWN_DEADLINE_MS).unref();
    console.log('  Closing: no new connections; finishing the requests in flight.');
    try {
      await app.close();
      await database.close();
      release();
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
    console.log('  Closed.');
    process.exit(0);
  };
  onStopSignals(
    () => void shutdown(),
    () => exitNow('A second stop signal'),
  );
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  // The name as Shop Settings hold it (SHOP_NAME at the first start, then the owner's); test/security/servers.ts waits for ' is open at '.
  const shopName = await getShopBrand(app.db).then(
    (b) => b.shopName,
    () => config.shop.shopName,
  );
  console.log(`\n  ${shopName} is open at ${config.publicUrl}  (${where}${seeded ? ', demo catalogue seeded' : ''})`);
  if (accounts.length) {
    console.log('  Demo accounts:');
    for (const a of accounts) console.log(`    ${a.role.padEnd(5)}  ${a.email}  /  ${a.password}`);
  }
  const payments = { razorpay: 'Razorpay', test: 'built-in test provider (moves no money)', none: 'cash on delivery only (no card provider configured)' }[app.payments.name];
  console.log(`  Mail: ${app.mailer.describe}.  Payments: ${payments}.\n`);
}

/** The primary migrates once and replaces any worker that dies; on SIGTERM it exits after the last one. */
async function startCluster(workers: number) {
  const config = readEnv();
  const { database, release } = await prepareDatabase(config, 'the shop server');
  await database.close();
  release();
  // Counted here: a worker can still be listed in cluster.workers when its 'exit' arrives.
  const live = new Set<Worker>();
  let stopping = false;
  let failed = false;
  const fork = () => live.add(cluster.fork());
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (worker, code) => {
    live.delete(worker);
    if (!stopping) return void fork();
    if (code !== 0) failed = true;
    if (live.size === 0) process.exit(failed ? 1 : 0);
  });
  const forward = (signal: NodeJS.Signals) => {
    for (const w of live) w.process.kill(signal);
  };
  onStopSignals(
    () => {
      stopping = true;
      forward('SIGTERM');
      // Each worker keeps its own deadline; this one catches a worker that cannot even exit.
      setTimeout(() => {
        forward('SIGKILL');
        exitNow(`Workers still running after ${SHUTDOWN_DEADLINE_MS / 1000 + 5} s`);
      }, SHUTDOWN_DEADLINE_MS + 5000).unref();
    },
    // Passed on as a second signal: each worker then exits at once.
    () => forward('SIGTERM'),
  );
}

async function createAdmin() {
  const { values } = parseArgs({ args: rest, options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
  if (!values.email || !values.password) {
    console.error('Usage: npm run create-admin -- --email E --password P [--name N]');
    process.exit(2);
  }
  const parsed = signupBodySchema.safeParse({ email: values.email, password: values.password, name: values.name ?? 'Shop Admin', phoneNumber: '+910000000000' });
  if (!parsed.success) {
    console.error(parsed.error.issues[0]?.message);
    process.exit(2);
  }
  const config = readEnv();
  const { database, release } = await prepareDatabase(config, 'create-admin');
  try {
    const { email, name, phoneNumber, password } = parsed.data;
    if (await makeAdmin(database.db, { email, name, phoneNumber, password })) console.log(`Admin ${email} created.`);
    else console.log(`${email} is now an admin (password updated).`);
  } finally {
    await database.close();
    release();
  }
}

async function seed() {
  const config = { ...readEnv(), seedDemo: true };
  const { database, release } = await prepareDatabase(config, 'seed');
  try {
    const { seeded } = await seedDemo(database, config);
    console.log(seeded ? 'Demo catalogue seeded.' : 'The catalogue already has products: nothing seeded.');
  } finally {
    await database.close();
    release();
  }
}

/** npm run backup / restore (docs/decisions/015-backups.md); loaded only when asked for. */
async function backup() {
  const { backupCommand } = await import('./backup/command.ts');
  process.exitCode = await backupCommand(rest, readEnv());
}

async function restore() {
  const { restoreCommand } = await import('./backup/command.ts');
  process.exitCode = await restoreCommand(rest, readEnv());
}

const commands: Record<string, () => Promise<void>> = { start, 'create-admin': createAdmin, seed, backup, restore };
const run = command ? commands[command] : undefined;
if (!run) {
  console.error(`Usage: cli.ts ${Object.keys(commands).join('|')}`);
  process.exit(2);
}
run().catch((err: unknown) => {
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
