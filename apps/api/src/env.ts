import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  CONTACT_ADDRESS,
  CONTACT_EMAIL,
  CONTACT_PHONE,
  DEFAULT_BRAND,
  DEFAULT_COD_SETTINGS,
  DEFAULT_DELIVERY_SETTINGS,
  DEFAULT_SHIPPING_SETTINGS,
  DEFAULT_RETURN_RULES,
  DEFAULT_LOW_STOCK_THRESHOLD,
  shopSettingsSchema,
  type ShopSettings,
} from '@shop/shared';
import { PHONE_TEMPLATES, type PhoneTemplate } from './jobs/queue.ts';
import type { WhatsAppConfig } from './phone/whatsapp.ts';

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
  WEB_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SMTP_URL: z.string().optional(),
  // The sender's address; its name is the shop's (Shop Settings) unless this gives one ("Name <address>").
  MAIL_FROM: z.string().default('no-reply@localhost'),
  PHONE_PROVIDER: z.enum(['outbox', 'whatsapp', '']).optional(),
  PHONE_OUTBOX_DIR: z.string().optional(),
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_API_BASE: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com'),
  WHATSAPP_API_VERSION: z.string().regex(/^v\d+\.\d+$/, 'a Graph API version such as v21.0').default('v21.0'),
  WHATSAPP_LANGUAGE: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'a template language code such as en, en_US or hi').default('en'),
  WHATSAPP_TEMPLATES: z.string().optional(),
  // Decision 041: Shiprocket's API; its account is in Settings → Couriers.
  SHIPROCKET_API_URL: z.url({ protocol: /^https?$/ }).default('https://apiv2.shiprocket.in'),
  SHIPROCKET_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  // Razorpay's API base, version included (Razorpay's own when unset); a stand-in under tests.
  RAZORPAY_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  RAZORPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  PAYMENT_PROVIDER: z.enum(['razorpay', 'test', 'none', '']).optional(),
  PAYMENT_EXPIRY_MINUTES: z.coerce.number().positive().default(15),
  RATE_LIMITS: flag.default(true),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(30),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(7),
  CORS_ORIGIN: z.string().optional(),
  ASSET_BASE_URL: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRUST_PROXY: flag.default(false),
  SEED_DEMO: flag,
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  PRODUCT_CACHE: flag,
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(300),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(65),
  IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  WEB_DIST: z.string().optional(),
  SHOP_LEGAL_NAME: z.string().optional(),
  SHOP_ADDRESS: z.string().optional(),
  SHOP_STATE: z.string().optional(),
  SHOP_GSTIN: z.string().optional(),
  SHOP_GRIEVANCE_NAME: z.string().optional(),
  SHOP_GRIEVANCE_EMAIL: z.string().optional(),
  SHOP_SUPPORT_PHONE: z.string().optional(),
  SHOP_SUPPORT_EMAIL: z.string().optional(),
  SHOP_NAME: z.string().optional(),
  SHOP_TAGLINE: z.string().optional(),
  SHOP_BRAND_COLOR: z.string().optional(),
  SHOP_INSTAGRAM: z.string().optional(),
  SHOP_FACEBOOK: z.string().optional(),
  SHOP_YOUTUBE: z.string().optional(),
  SHOP_WHATSAPP: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface S3Config {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
  publicUrl: string;
}

export interface PhoneConfig {
  provider: 'outbox' | 'whatsapp';
  outboxDir: string;
  whatsapp: WhatsAppConfig | undefined;
}

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  webUrl: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  phone: PhoneConfig;
  shiprocketApiUrl: string;
  shiprocketTimeoutMs: number;
  razorpay: { keyId: string; keySecret: string; webhookSecret: string | undefined } | undefined;
  /** Undefined: Razorpay's own API. */
  razorpayApiUrl: string | undefined;
  razorpayTimeoutMs: number;
  paymentProvider: 'razorpay' | 'test' | 'none';
  paymentExpiryMs: number;
  rateLimits: boolean;
  sessionTtlMs: number;
  sessionIdleMs: number;
  corsOrigins: string[];
  publicUrlIsDefault: boolean;
  assetBaseUrl: string | undefined;
  s3: S3Config | undefined;
  pictureUrlPrefix: string | undefined;
  trustProxy: boolean;
  seedDemo: boolean;
  webConcurrency: number;
  productCache: boolean;
  logLevel: Env['LOG_LEVEL'];
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number; idleMs: number };
  webDist: string;
  shop: ShopSettings;
}

const DAY_MS = 86_400_000;

function exactOrigin(entry: string): string {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw new Error(`Invalid configuration: CORS_ORIGIN: ${entry} is not an origin such as https://shop.example.in`);
  }
  if (url.origin !== entry.replace(/\/$/, '') || !['http:', 'https:'].includes(url.protocol)) {
    throw new Error(`Invalid configuration: CORS_ORIGIN: ${entry} is not an exact origin (scheme, host and port only)`);
  }
  return url.origin;
}

// Normalised so that nothing in it can end a JSON string (plugins/asset-urls.ts).
function publicBase(value: string): string {
  const url = new URL(value);
  if (url.search || url.hash) throw new Error('Invalid configuration: S3_PUBLIC_URL is a base URL such as https://cdn.example.in/pictures, without ? or #');
  return url.href.replace(/\/+$/, '');
}

function s3Config(env: Env): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const).find((k) => env[k]);
    if (stray) throw new Error(`Invalid configuration: ${stray} is set but S3_BUCKET is not (pictures would stay in DATA_DIR/uploads)`);
    return undefined;
  }
  if (!env.S3_PUBLIC_URL) throw new Error('Invalid configuration: S3_BUCKET needs S3_PUBLIC_URL, the base URL the pictures are served from (e.g. a CDN)');
  if (env.ASSET_BASE_URL) throw new Error('Invalid configuration: with S3_BUCKET pictures are served from S3_PUBLIC_URL; ASSET_BASE_URL is for DATA_DIR/uploads');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return {
    bucket,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicUrl: publicBase(env.S3_PUBLIC_URL),
  };
}

// WHATSAPP_TEMPLATES=cod_confirm=kw_cod_confirm,cod_reminder=kw_cod_reminder: the names a shop's approved templates have.
function templateNames(value: string | undefined): Record<PhoneTemplate, string> {
  const names = Object.fromEntries(PHONE_TEMPLATES.map((t) => [t, t])) as Record<PhoneTemplate, string>;
  for (const entry of (value ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const [template, name] = entry.split('=').map((p) => p.trim());
    if (!PHONE_TEMPLATES.includes(template as PhoneTemplate) || !name || !/^[a-z0-9_]{1,512}$/.test(name)) {
      throw new Error(`Invalid configuration: WHATSAPP_TEMPLATES: ${entry} is not <template>=<approved name> (templates: ${PHONE_TEMPLATES.join(', ')}; names in lowercase letters, digits and _)`);
    }
    names[template as PhoneTemplate] = name;
  }
  return names;
}

function phoneConfig(env: Env, root: string, dataDir: string): PhoneConfig {
  const outboxDir = env.PHONE_OUTBOX_DIR ? resolve(root, env.PHONE_OUTBOX_DIR) : join(dataDir, 'phone-outbox');
  const token = env.WHATSAPP_TOKEN?.trim();
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID?.trim();
  if (!env.PHONE_PROVIDER) {
    const stray = token ? 'WHATSAPP_TOKEN' : phoneNumberId ? 'WHATSAPP_PHONE_NUMBER_ID' : undefined;
    if (stray) throw new Error(`Invalid configuration: ${stray} is set but PHONE_PROVIDER is not (messages would be written to the phone outbox): set PHONE_PROVIDER=whatsapp, or outbox`);
  }
  if (env.PHONE_PROVIDER !== 'whatsapp') return { provider: 'outbox', outboxDir, whatsapp: undefined };
  if (!token || !phoneNumberId) throw new Error('Invalid configuration: PHONE_PROVIDER=whatsapp needs WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID');
  return {
    provider: 'whatsapp',
    outboxDir,
    whatsapp: {
      token,
      phoneNumberId,
      apiBase: env.WHATSAPP_API_BASE.replace(/\/+$/, ''),
      apiVersion: env.WHATSAPP_API_VERSION,
      language: env.WHATSAPP_LANGUAGE,
      templateNames: templateNames(env.WHATSAPP_TEMPLATES),
    },
  };
}

const SHOP_VARIABLES: Record<string, string> = {
  legalName: 'SHOP_LEGAL_NAME',
  address: 'SHOP_ADDRESS',
  state: 'SHOP_STATE',
  gstin: 'SHOP_GSTIN',
  grievanceName: 'SHOP_GRIEVANCE_NAME',
  grievanceEmail: 'SHOP_GRIEVANCE_EMAIL',
  supportPhone: 'SHOP_SUPPORT_PHONE',
  supportEmail: 'SHOP_SUPPORT_EMAIL',
  shopName: 'SHOP_NAME',
  tagline: 'SHOP_TAGLINE',
  brandColor: 'SHOP_BRAND_COLOR',
  'socialLinks.instagram': 'SHOP_INSTAGRAM',
  'socialLinks.facebook': 'SHOP_FACEBOOK',
  'socialLinks.youtube': 'SHOP_YOUTUBE',
  'socialLinks.whatsapp': 'SHOP_WHATSAPP',
};

// The demo GSTIN only with the demo catalogue: a real shop must never print someone else's number.
function shopSettings(env: Env, demo: boolean): ShopSettings {
  const parsed = shopSettingsSchema.safeParse({
    legalName: env.SHOP_LEGAL_NAME || env.SHOP_NAME || DEFAULT_BRAND.shopName,
    address: env.SHOP_ADDRESS || CONTACT_ADDRESS,
    state: env.SHOP_STATE || 'Maharashtra',
    gstin: env.SHOP_GSTIN ?? (demo ? '27AAAAA0000A1Z2' : ''),
    grievanceName: env.SHOP_GRIEVANCE_NAME || 'Meera Iyer',
    grievanceEmail: env.SHOP_GRIEVANCE_EMAIL || CONTACT_EMAIL.replace(/^[^@]+/, 'grievance'),
    supportPhone: env.SHOP_SUPPORT_PHONE || CONTACT_PHONE,
    supportEmail: env.SHOP_SUPPORT_EMAIL || CONTACT_EMAIL,
    lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
    shopName: env.SHOP_NAME || DEFAULT_BRAND.shopName,
    tagline: env.SHOP_TAGLINE ?? DEFAULT_BRAND.tagline,
    brandColor: env.SHOP_BRAND_COLOR || DEFAULT_BRAND.brandColor,
    logo: null,
    favicon: null,
    socialLinks: {
      instagram: env.SHOP_INSTAGRAM ?? null,
      facebook: env.SHOP_FACEBOOK ?? null,
      youtube: env.SHOP_YOUTUBE ?? null,
      whatsapp: env.SHOP_WHATSAPP ?? null,
    },
    banner: DEFAULT_BRAND.banner,
    // The demo shop dispatches from Mumbai (400050); any shop sets its own in Settings → Delivery.
    cod: DEFAULT_COD_SETTINGS,
    delivery: { ...DEFAULT_DELIVERY_SETTINGS, originPin: demo ? '400050' : null },
    shipping: DEFAULT_SHIPPING_SETTINGS,
    returns: DEFAULT_RETURN_RULES,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid configuration: ${SHOP_VARIABLES[issue.path.join('.')] ?? SHOP_VARIABLES[String(issue.path[0])]}: ${issue.message}`);
  }
  return parsed.data;
}

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
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const corsOrigins = (env.CORS_ORIGIN ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map(exactOrigin);
  const assetBaseUrl = env.ASSET_BASE_URL?.replace(/\/$/, '') || (corsOrigins.length ? publicUrl : undefined);
  const s3 = s3Config(env);
  const seedDemo = env.SEED_DEMO ?? !production;
  return {
    nodeEnv: env.NODE_ENV,
    production,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    webUrl: env.WEB_URL?.replace(/\/$/, '') ?? publicUrl,
    dataDir,
    uploadsDir: join(dataDir, 'uploads'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM,
    phone: phoneConfig(env, root, dataDir),
    shiprocketApiUrl: env.SHIPROCKET_API_URL.replace(/\/+$/, ''),
    shiprocketTimeoutMs: env.SHIPROCKET_TIMEOUT_MS,
    razorpay,
    razorpayApiUrl: env.RAZORPAY_API_URL?.replace(/\/+$/, ''),
    razorpayTimeoutMs: env.RAZORPAY_TIMEOUT_MS,
    paymentProvider,
    paymentExpiryMs: env.PAYMENT_EXPIRY_MINUTES * 60_000,
    rateLimits: env.RATE_LIMITS,
    sessionTtlMs: env.SESSION_TTL_DAYS * DAY_MS,
    sessionIdleMs: env.SESSION_IDLE_DAYS * DAY_MS,
    corsOrigins,
    publicUrlIsDefault: env.PUBLIC_URL === undefined,
    assetBaseUrl,
    s3,
    pictureUrlPrefix: s3 ? `${s3.publicUrl}/` : assetBaseUrl && `${assetBaseUrl}/uploads/`,
    trustProxy: env.TRUST_PROXY,
    seedDemo,
    webConcurrency: env.WEB_CONCURRENCY,
    // Off under tests by default: a test that writes rows straight to the database reads right after.
    productCache: env.PRODUCT_CACHE ?? env.NODE_ENV !== 'test',
    logLevel: env.LOG_LEVEL,
    timeouts: {
      requestMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      headersMs: env.HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveMs: env.KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      idleMs: env.IDLE_TIMEOUT_SECONDS * 1000,
    },
    webDist: resolve(root, env.WEB_DIST ?? 'apps/web/dist'),
    shop: shopSettings(env, seedDemo),
  };
}

export function readEnv(): Config {
  return parseEnv(process.env);
}

export function childEnv(overrides: Record<string, string>): Record<string, string | undefined> {
  return { ...process.env, ...overrides };
}
