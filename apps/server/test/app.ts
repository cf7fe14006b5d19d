import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { wrapPool, type Database } from '../src/db/client';
import { pooledPglite } from './pglite-pool';
import { useTestPasswordCost } from '../src/lib/passwords';

// Accounts in API tests hash at the lowest cost (lib/passwords.ts says why); accounts.test.ts checks the real one.
useTestPasswordCost(true);

async function openTestDatabase(): Promise<Database> {
  const pgTemplate = inject('pgTemplate');
  if (pgTemplate) {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `cc_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = wrapPool(new pg.Pool({ connectionString: url.toString(), max: 5 }));
    const close = database.close;
    database.close = async () => {
      await close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
    return database;
  }
  return pooledPglite(inject('pgliteTemplate'));
}

export const TEST_ORIGIN = 'http://localhost:3000';
/** The auth secret of every test app (two-factor secrets are encrypted with it). */
export const TEST_AUTH_SECRET = 'test-secret-that-is-long-enough-0123456789';

/** The real app on its own fresh database and upload folder. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  beforeReady?: (app: App) => void | Promise<void>,
  /** Emails are jobs: the app's workers send them (tests wait with `app.queue.drained()`), unless a test drives the queue itself. */
  { startWorkers = true }: { startWorkers?: boolean } = {},
) {
  const database = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-test-'));
  const config = loadConfig(
    { NODE_ENV: 'test', AUTH_SECRET: TEST_AUTH_SECRET, PUBLIC_URL: TEST_ORIGIN },
    {
      dataDir,
      signUpRateLimit: { max: 1000, windowMs: 60_000 },
      // Tests post many jobs and ads from one account; the limits' own tests set them low.
      postingLimits: { jobs: 1000, ads: 1000, newContacts: 1000 },
      queueTimings: { pollingIntervalSeconds: 0.5, retryDelay: 1 },
      queueClock: false,
      ...overrides,
    },
  );
  const app = await buildApp({ config, database });
  // Lets a test add a route of its own (e.g. a stream) to the real app.
  await beforeReady?.(app);
  await app.ready();
  if (startWorkers) await app.queue.start();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
