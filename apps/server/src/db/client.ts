import { existsSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DatabaseInUseError, lockDataDir } from './data-dir-lock';
import { preparedStatements } from './pglite-statements';
import { migrateQueueSchema } from './queue-db';
import * as schema from './schema';

export { DatabaseInUseError };

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /** Present on the embedded database; tests dump and clone it. */
  pglite?: PGlite;
  pool?: pg.Pool;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite runs each statement synchronously on the main thread and hands its lock from one waiting
 * statement to the next through promise callbacks, so a queue of statements runs back to back
 * without the event loop turning once. Requests that only query (job posts) keep that queue full,
 * while a request that also waits on I/O (an application's file write: mkdir, open, write, close,
 * rename, each a separate callback) waits for the whole queue at every step; it measured 1,863
 * posts to 2 applications. This gate lets one statement or transaction in at a time, in arrival
 * order, and once statements have run back to back for SLICE_MS without the event loop turning,
 * starts the next from setImmediate, so pending I/O callbacks run. A quiet server never waits.
 * Statements inside a transaction use its own handle and do not pass the gate again.
 */
const SLICE_MS = 5;

export function fairPglite(client: PGlite): PGlite {
  let tail: Promise<unknown> = Promise.resolve();
  let turned = true;
  let sliceStart = 0;
  const arm = () => {
    turned = false;
    sliceStart = performance.now();
    setImmediate(() => (turned = true));
  };
  const enter = async () => {
    if (!turned && performance.now() - sliceStart >= SLICE_MS) await new Promise<void>((resolve) => setImmediate(resolve));
    if (turned) arm();
  };
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = (client[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
    const gated = (...args: unknown[]) => {
      const result = tail.then(enter).then(() => original(...args));
      tail = result.catch(() => {});
      return result;
    };
    Object.defineProperty(client, name, { value: gated, configurable: true, writable: true });
  }
  return client;
}

export function wrapPglite(client: PGlite, release: () => void = () => {}): Database {
  fairPglite(preparedStatements(client));
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
      await migrateQueueSchema(this);
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
      release();
    },
  };
}

/** Each open server database's timed pools, found from its Db (the services are handed a Db). */
const timedPools = new WeakMap<object, (budgetMs: number) => Db>();

/**
 * A Db whose every statement PostgreSQL cancels after `budgetMs` (SQLSTATE 57014), or null on PGlite
 * (no statement_timeout there: one process, no timer signal). The connections carry the timeout as
 * a startup option, so a statement with a budget is one round trip, not a transaction of three
 * around it (decision 0072's addendum "its own floor"): the ranked search page's budget.
 */
export function timedDb(db: Db, budgetMs: number): Db | null {
  return timedPools.get(db)?.(budgetMs) ?? null;
}

/** A timed pool holds up to this many connections (no more than the main pool). */
const TIMED_POOL_MAX = 10;

/** An arbitrary constant: the advisory lock instances hold while migrating one PostgreSQL database. */
const MIGRATION_LOCK = 4_242_001;

export function wrapPool(pool: pg.Pool): Database {
  // An idle connection that the server drops (restart, failover) must not crash the process.
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // The timed pools, opened on first use (most statements have no budget; tests open many databases).
  const timed = new Map<number, { pool: pg.Pool; db: Db }>();
  const timedFor = (budgetMs: number) => {
    const ms = Math.max(1, Math.round(budgetMs));
    let found = timed.get(ms);
    if (!found) {
      const options = [pool.options.options, `-c statement_timeout=${ms}`].filter(Boolean).join(' ');
      const own = new pg.Pool({ ...pool.options, options, max: Math.min(TIMED_POOL_MAX, pool.options.max ?? TIMED_POOL_MAX) });
      own.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
      found = { pool: own, db: drizzlePg(own, { schema }) as unknown as Db };
      timed.set(ms, found);
    }
    return found.db;
  };
  timedPools.set(db, timedFor);
  return {
    db,
    kind: 'pg',
    pool,
    async migrate() {
      // Instances starting together take turns: the first migrates, the others then find nothing to do.
      // The lock's own connection is outside the pool, which may hold a single connection (tests).
      const lock = new pg.Client(pool.options);
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
        await migrateQueueSchema(this);
      } finally {
        // Ending the session releases the lock too, should the unlock fail.
        await lock.end().catch(() => {});
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      const others = [...timed.values()].map((t) => t.pool.end());
      timed.clear();
      await Promise.all([pool.end(), ...others]);
    },
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    // JIT off: the app's statements are short, and PostgreSQL's cost estimates for a ranked search
    // (a per-candidate EXISTS over the listing's conditions) passed jit_above_cost, so each search
    // compiled ~170 functions with LLVM first: 0.1-1 s measured at a million jobs (decision 0072's
    // addendum "at a million jobs"), more than the statement itself.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options: '-c jit=off' });
    return wrapPool(pool);
  }
  const dir = path.join(opts.dataDir, 'db');
  const release = lockDataDir(opts.dataDir);
  try {
    const client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
    return wrapPglite(client, release);
  } catch (err) {
    release();
    throw err;
  }
}

export function dataDirHasDatabase(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'db', 'PG_VERSION'));
}

/**
 * Opens the configured database for a whole process (the server, a command). An embedded database
 * held by another process ends this one with the reason, instead of a stack trace.
 */
export async function openDatabaseOrExit(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  try {
    return await openDatabase(opts);
  } catch (err) {
    if (err instanceof DatabaseInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
