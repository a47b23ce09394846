import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: the folder holding apps/api, found from this file whether run from src or dist. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'apps', 'api', 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) return process.cwd();
    dir = up;
  }
  return dir;
}

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'on', 'yes'].includes(v)));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Saree Pari <no-reply@localhost>'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  PAYMENT_PROVIDER: z.enum(['razorpay', 'test', 'none', '']).optional(),
  PAYMENT_EXPIRY_MINUTES: z.coerce.number().positive().default(15),
  RATE_LIMITS: flag.default(true),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(7),
  CORS_ORIGIN: z.string().optional(),
  TRUST_PROXY: flag.default(false),
  SEED_DEMO: flag,
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  PRODUCT_CACHE: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  WEB_DIST: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  razorpay: { keyId: string; keySecret: string; webhookSecret: string | undefined } | undefined;
  /**
   * Who takes card payments: Razorpay when its keys are set; else the built-in test provider outside
   * production, and nobody in production unless PAYMENT_PROVIDER=test opts in (DESIGN §7).
   */
  paymentProvider: 'razorpay' | 'test' | 'none';
  paymentExpiryMs: number;
  rateLimits: boolean;
  sessionTtlMs: number;
  sessionIdleMs: number;
  corsOrigin: string | undefined;
  trustProxy: boolean;
  seedDemo: boolean;
  webConcurrency: number;
  /** Shoppers' product lists and suggestions cached in memory, dropped on every product write (docs/performance.md). */
  productCache: boolean;
  logLevel: Env['LOG_LEVEL'];
  webDist: string;
}

const DAY_MS = 86_400_000;

/** Parses a set of environment variables into the server's configuration. */
export function parseEnv(source: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const env = parsed.data;
  const root = repoRoot();
  const dataDir = resolve(root, env.DATA_DIR);
  const production = env.NODE_ENV === 'production';
  const razorpay =
    env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET
      ? { keyId: env.RAZORPAY_KEY_ID, keySecret: env.RAZORPAY_KEY_SECRET, webhookSecret: env.RAZORPAY_WEBHOOK_SECRET || undefined }
      : undefined;
  const paymentProvider = env.PAYMENT_PROVIDER || (razorpay ? 'razorpay' : production ? 'none' : 'test');
  if (paymentProvider === 'razorpay' && !razorpay) throw new Error('Invalid configuration: PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
  return {
    nodeEnv: env.NODE_ENV,
    production,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    razorpay,
    paymentProvider,
    paymentExpiryMs: env.PAYMENT_EXPIRY_MINUTES * 60_000,
    rateLimits: env.RATE_LIMITS,
    sessionTtlMs: env.SESSION_TTL_DAYS * DAY_MS,
    sessionIdleMs: env.SESSION_IDLE_DAYS * DAY_MS,
    corsOrigin: env.CORS_ORIGIN || undefined,
    trustProxy: env.TRUST_PROXY,
    seedDemo: env.SEED_DEMO ?? !production,
    webConcurrency: env.WEB_CONCURRENCY,
    // Off under tests by default: a test that writes rows straight to the database reads right after.
    productCache: env.PRODUCT_CACHE ?? env.NODE_ENV !== 'test',
    logLevel: env.LOG_LEVEL,
    webDist: resolve(root, env.WEB_DIST ?? 'apps/web/dist'),
  };
}

/** The only reader of process.env (STYLE.md). */
export function readEnv(): Config {
  return parseEnv(process.env);
}

/** Whether the process runs under a test runner; read here so nothing else touches process.env. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL;
}

/** This process's environment with overrides, for a child process (the benchmark starts the server with it). */
export function childEnv(overrides: Record<string, string>): Record<string, string | undefined> {
  return { ...process.env, ...overrides };
}
