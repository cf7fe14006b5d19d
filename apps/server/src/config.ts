import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

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
  /** Requests per window allowed on sign-in (better-auth's own limiter). */
  SIGNIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  SIGNIN_RATE_WINDOW_S: z.coerce.number().int().min(1).default(60),
  SIGNUP_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(5),
  /** Cap of an uploaded video (ads); every other file keeps MAX_UPLOAD_MB. */
  MAX_VIDEO_MB: z.coerce.number().positive().default(50),
  WEB_DIST: z.string().optional(),
});

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
  /** Accounts one address may create per hour through /api/signup. */
  signUpRateLimit: { max: number; windowMs: number };
  trustProxy: boolean;
  logLevel: string;
  maxUploadBytes: number;
  maxVideoBytes: number;
  webDist: string | null;
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
    signUpRateLimit: { max: e.SIGNUP_RATE_LIMIT, windowMs: 60 * 60 * 1000 },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    maxUploadBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
    maxVideoBytes: Math.round(e.MAX_VIDEO_MB * 1024 * 1024),
    webDist: existsSync(webDist) ? webDist : null,
    ...overrides,
  };
}
