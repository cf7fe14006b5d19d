import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

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

export class DatabaseInUseError extends Error {}

/**
 * PGlite is one process's database: a second process opening the same directory corrupts it.
 * The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(dir, 'caribconnect.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(lockFile, 'utf8'));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dir} is in use by another process (pid ${pid}), probably the running server. ` +
            'Stop it first, or set DATABASE_URL to use a PostgreSQL server, which many processes can share.',
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseInUseError(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function wrapPglite(client: PGlite, release: () => void = () => {}): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
      release();
    },
  };
}

export function wrapPool(pool: pg.Pool): Database {
  // An idle connection that the server drops (restart, failover) must not crash the process.
  pool.on('error', (err) => console.error('PostgreSQL pool error:', err.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pg',
    pool,
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
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
