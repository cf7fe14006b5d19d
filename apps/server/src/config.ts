import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_MAX_UPLOAD_MB, DEFAULT_MAX_VIDEO_MB } from '@caribconnect/shared/constants/uploads';

/**
 * Which proxies to believe about the client's address (X-Forwarded-For): `false` (none, the
 * default), a hop count (`1`: the one proxy in front of us), or the proxies' addresses / CIDRs
 * (`10.0.0.1,10.1.0.0/16`; also `loopback`, `linklocal`, `uniquelocal`). `true` is refused: it
 * trusted every hop, so a client's own left-most entry became its address and dodged rate limits.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would believe every X-Forwarded-For entry, which clients can forge. Set the number of proxies in front of the server (usually TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.1,10.1.0.0/16).',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = entries.filter((x) => !isProxyAddress(x));
    if (bad.length) {
      ctx.addIssue({ code: 'custom', message: `not a hop count, an address or a CIDR: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return entries;
  });

function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public URL people open; used for links in emails and the Origin check. */
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Signs sessions and tokens. Generated once into DATA_DIR when not given. */
  AUTH_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('CaribConnect <no-reply@caribconnect.local>'),
  SUPPORT_EMAIL: z.string().default('support@caribconnect.local'),
  /** Sign-in attempts per address per window (our database-backed limiter). */
  SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Two-factor codes one address may try per minute (a code has a million values: guessing needs far more). */
  TWO_FACTOR_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  SIGNIN_RATE_WINDOW_S: z.coerce.number().int().min(1).default(60),
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Messages one person may send per minute. */
  MESSAGE_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(DEFAULT_MAX_UPLOAD_MB),
  /** Cap of an uploaded video (ads); every other file keeps MAX_UPLOAD_MB. */
  MAX_VIDEO_MB: z.coerce.number().positive().default(DEFAULT_MAX_VIDEO_MB),
  WEB_DIST: z.string().optional(),
  /** Object storage for uploaded files (`s3://bucket?endpoint=…&region=…`); without it, DATA_DIR/uploads. */
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,62}(\/|\?|$)/, 'STORAGE_URL must look like s3://bucket?endpoint=https://…&region=…')
    .optional(),
  /** Bearer token for /metrics; without it /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** Seconds between SIGTERM and closing, while /api/health/ready answers 503 so a load balancer drains us (default: 10 behind a proxy, else 0). */
  DRAIN_SECONDS: z.coerce.number().min(0).max(120).optional(),
  /** Posts one account may make per day (issue 23): jobs, ads, and messages to people it never talked with. */
  POSTING_LIMIT_JOBS_PER_DAY: z.coerce.number().int().min(1).default(10),
  POSTING_LIMIT_ADS_PER_DAY: z.coerce.number().int().min(1).default(10),
  POSTING_LIMIT_NEW_CONTACTS_PER_DAY: z.coerce.number().int().min(1).default(20),
  /** Confirmation emails one account may ask to be sent again per hour. */
  EMAIL_CONFIRMATION_RESEND_LIMIT: z.coerce.number().int().min(1).default(3),
  /** The job queue's retries (docs/configuration.md): tries after the first, seconds before the first retry, and whether the delay doubles. */
  QUEUE_RETRY_LIMIT: z.coerce.number().int('QUEUE_RETRY_LIMIT must be a whole number').min(0).max(50).default(5),
  QUEUE_RETRY_DELAY_SECONDS: z.coerce.number().int('QUEUE_RETRY_DELAY_SECONDS must be a whole number of seconds').min(1).max(86_400).default(30),
  QUEUE_RETRY_BACKOFF: z.enum(['true', 'false'], { message: 'QUEUE_RETRY_BACKOFF must be true or false' }).default('true'),
  /** Tests only (NODE_ENV=test): queue timings of a server process a test starts, e.g. `retryDelay=1,expireInSeconds=3`. */
  QUEUE_TIMINGS: z.string().optional(),
  /** Online payment through PayPal (issue 47, decision 0073): the REST app's credentials; without them "Pay now" is not offered. */
  PAYPAL_CLIENT_ID: z.string().trim().optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().optional(),
  PAYPAL_ENV: z.enum(['sandbox', 'live'], { message: 'PAYPAL_ENV must be sandbox or live' }).default('sandbox'),
  /** The id PayPal gave the webhook pointing at /api/payments/webhooks/paypal; without it webhooks are refused (reconciliation still settles). */
  PAYPAL_WEBHOOK_ID: z.string().trim().optional(),
  /** Another server speaking PayPal's API (the tests' stand-in); by default PayPal's sandbox or live API as PAYPAL_ENV says. */
  PAYPAL_API_URL: z.url({ message: 'PAYPAL_API_URL must be a URL such as https://api-m.sandbox.paypal.com' }).optional(),
  /** Days an application's documents are kept after it reached Not selected or Withdrawn (issue 45, decision 0078). */
  APPLICATION_DOCUMENTS_RETENTION_DAYS: z.coerce
    .number()
    .int('APPLICATION_DOCUMENTS_RETENTION_DAYS must be a whole number of days')
    .min(1, 'APPLICATION_DOCUMENTS_RETENTION_DAYS must be at least 1')
    .max(36_500)
    .default(180),
});

export const PAYPAL_API_URLS = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' } as const;

/** The PayPal settings when both credentials are given; one without the other is a mistake, refused at start. */
function paypalOf(e: z.infer<typeof envSchema>): Config['paypal'] {
  const id = e.PAYPAL_CLIENT_ID || undefined;
  const secret = e.PAYPAL_CLIENT_SECRET || undefined;
  if (!id && !secret) return undefined;
  if (!id || !secret)
    throw new Error('Invalid configuration: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET go together (set both, or neither to offer no online payment)');
  return {
    clientId: id,
    clientSecret: secret,
    env: e.PAYPAL_ENV,
    webhookId: e.PAYPAL_WEBHOOK_ID || undefined,
    apiUrl: (e.PAYPAL_API_URL ?? PAYPAL_API_URLS[e.PAYPAL_ENV]).replace(/\/+$/, ''),
  };
}

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  authSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  signInRateLimit: { max: number; windowSeconds: number };
  twoFactorRateLimit: number;
  /** Accounts one address may create per hour through /api/signup. */
  signUpRateLimit: { max: number; windowMs: number };
  /** Fastify's trustProxy: false, a hop count, or proxy addresses/CIDRs. */
  trustProxy: false | number | string[];
  /** Messages one person may send per window (per user, not per address). */
  messageRateLimit: { max: number; windowMs: number };
  logLevel: string;
  maxUploadBytes: number;
  maxVideoBytes: number;
  webDist: string | null;
  /** s3://… when files live in object storage; undefined for DATA_DIR/uploads. */
  storageUrl?: string;
  metricsToken?: string;
  drainSeconds: number;
  /** Per account and day (a window of 24 hours from the first post): jobs, ads, first messages to someone new. */
  postingLimits: { jobs: number; ads: number; newContacts: number };
  /** Confirmation emails one account may ask for again per window. */
  confirmationResendLimit: { max: number; windowMs: number };
  /** The job queue's retry schedule for kinds without their own: attempts after the first, first delay (s), doubling. */
  queueRetry: { limit: number; delaySeconds: number; backoff: boolean };
  /** Tests only: shorter retry delays, expiry and polling for the job queue (seconds). */
  queueTimings?: { retryDelay?: number; expireInSeconds?: number; pollingIntervalSeconds?: number; superviseIntervalSeconds?: number };
  /** False in tests: this instance never sends recurring jobs (tests run their work directly). */
  queueClock?: boolean;
  /** Days the documents of a Not selected or Withdrawn application are kept (decision 0078). */
  applicationRetentionDays: number;
  /** Online payment through PayPal; undefined when not configured (decision 0073). */
  paypal?: {
    clientId: string;
    clientSecret: string;
    env: 'sandbox' | 'live';
    webhookId?: string;
    apiUrl: string;
    /** Tests: per-request timeout (default 10 s). */ timeoutMs?: number;
  };
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A secret that survives restarts without asking a first-time user to make one. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(repoRoot, overrides.dataDir ?? e.DATA_DIR);
  const port = overrides.port ?? e.PORT;
  const webDist = e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${port}`,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    authSecret: e.AUTH_SECRET ?? persistentSecret(dataDir),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    signInRateLimit: { max: e.SIGNIN_RATE_LIMIT, windowSeconds: e.SIGNIN_RATE_WINDOW_S },
    twoFactorRateLimit: e.TWO_FACTOR_RATE_LIMIT,
    signUpRateLimit: { max: e.SIGNUP_RATE_LIMIT, windowMs: 60 * 60 * 1000 },
    messageRateLimit: { max: e.MESSAGE_RATE_LIMIT, windowMs: 60 * 1000 },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    maxVideoBytes: Math.round(e.MAX_VIDEO_MB * 1024 * 1024),
    // Resolved once: apps/web/dist is a link to the current build (scripts/build-cache.ts), and a
    // running server keeps serving the build it started with when a new one is swapped in.
    webDist: existsSync(webDist) ? realpathSync(webDist) : null,
    storageUrl: e.STORAGE_URL || undefined,
    metricsToken: e.METRICS_TOKEN || undefined,
    drainSeconds: e.DRAIN_SECONDS ?? defaultDrainSeconds(e.TRUST_PROXY),
    postingLimits: { jobs: e.POSTING_LIMIT_JOBS_PER_DAY, ads: e.POSTING_LIMIT_ADS_PER_DAY, newContacts: e.POSTING_LIMIT_NEW_CONTACTS_PER_DAY },
    confirmationResendLimit: { max: e.EMAIL_CONFIRMATION_RESEND_LIMIT, windowMs: 60 * 60 * 1000 },
    queueRetry: { limit: e.QUEUE_RETRY_LIMIT, delaySeconds: e.QUEUE_RETRY_DELAY_SECONDS, backoff: e.QUEUE_RETRY_BACKOFF === 'true' },
    queueTimings: e.NODE_ENV === 'test' && e.QUEUE_TIMINGS ? parseQueueTimings(e.QUEUE_TIMINGS) : undefined,
    applicationRetentionDays: e.APPLICATION_DOCUMENTS_RETENTION_DAYS,
    paypal: paypalOf(e),
    ...overrides,
  };
}

/** How long an instance drains after SIGTERM when DRAIN_SECONDS is not set (decision 0069). */
export const DEFAULT_DRAIN_SECONDS_BEHIND_PROXY = 10;

/**
 * Behind a proxy or load balancer (TRUST_PROXY set) an instance drains by default: /api/health/ready
 * answers 503 `draining` for 10 s while requests are still served, so the balancer stops sending it
 * any before it closes. Reached directly (no TRUST_PROXY: a laptop, one box) nothing routes by
 * readiness, and Ctrl-C closes at once.
 */
export function defaultDrainSeconds(trustProxy: Config['trustProxy']): number {
  const behindProxy = Array.isArray(trustProxy) ? trustProxy.length > 0 : typeof trustProxy === 'number' ? trustProxy > 0 : false;
  return behindProxy ? DEFAULT_DRAIN_SECONDS_BEHIND_PROXY : 0;
}

function parseQueueTimings(text: string): Config['queueTimings'] {
  const allowed = new Set(['retryDelay', 'expireInSeconds', 'pollingIntervalSeconds', 'superviseIntervalSeconds']);
  const pairs = text.split(',').map((pair) => pair.split('=').map((x) => x.trim()));
  return Object.fromEntries(pairs.filter(([k, v]) => allowed.has(k!) && Number(v) > 0).map(([k, v]) => [k, Number(v)]));
}

/**
 * Fastify's trustProxy for our setting. A hop count becomes a function: Fastify 5 refuses numbers
 * (a client that reaches the server directly could forge hops); ours trusts the socket peer and
 * the next n − 1 entries, so the server must only be reachable through its proxies (0007).
 */
export function trustProxyOption(setting: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
