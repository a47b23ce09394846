import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { signupBodySchema } from '@shop/shared';
import { readEnv } from './env.ts';
import { prepareDatabase } from './db/prepare.ts';
import { seedDemo } from './db/seed/index.ts';
import { users } from './modules/users/users.table.ts';
import { DataDirLockedError } from './db/lock.ts';

const [command, ...rest] = process.argv.slice(2);

async function start() {
  const config = readEnv();
  // DESIGN §5: N processes on one PostgreSQL (node cluster, one port); PGlite serves one process only.
  if (config.webConcurrency > 1 && config.databaseUrl && cluster.isPrimary) return startCluster(config.webConcurrency);
  const { database, release } = await prepareDatabase(config, 'the shop server');
  const { seeded, accounts } = config.seedDemo ? await seedDemo(database, config) : { seeded: false, accounts: [] };
  const { buildApp } = await import('./app.ts');
  const app = await buildApp({ database, config });
  const shutdown = async () => {
    await app.close();
    await database.close();
    release();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  console.log(`\n  Saree Pari is open at ${config.publicUrl}  (${where}${seeded ? ', demo catalogue seeded' : ''})`);
  if (accounts.length) {
    console.log('  Demo accounts:');
    for (const a of accounts) console.log(`    ${a.role.padEnd(5)}  ${a.email}  /  ${a.password}`);
  }
  const payments = { razorpay: 'Razorpay', test: 'built-in test provider (moves no money)', none: 'cash on delivery only (no card provider configured)' }[app.payments.name];
  console.log(`  Mail: ${app.mailer.describe}.  Payments: ${payments}.\n`);
}

/** The primary migrates once, then forks the workers and replaces any that dies. */
async function startCluster(workers: number) {
  const config = readEnv();
  const { database, release } = await prepareDatabase(config, 'the shop server');
  await database.close();
  release();
  let stopping = false;
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', () => {
    if (!stopping) cluster.fork();
  });
  const shutdown = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
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
    const email = parsed.data.email;
    const passwordHash = await hash(parsed.data.password);
    const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (existing) {
      await database.db.update(users).set({ role: 'admin', passwordHash, updatedAt: new Date() }).where(eq(users.id, existing.id));
      console.log(`${email} is now an admin (password updated).`);
    } else {
      await database.db.insert(users).values({ email, name: parsed.data.name, phoneNumber: parsed.data.phoneNumber, role: 'admin', passwordHash });
      console.log(`Admin ${email} created.`);
    }
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

const commands: Record<string, () => Promise<void>> = { start, 'create-admin': createAdmin, seed };
const run = command ? commands[command] : undefined;
if (!run) {
  console.error(`Usage: cli.ts ${Object.keys(commands).join('|')}`);
  process.exit(2);
}
run().catch((err: unknown) => {
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
