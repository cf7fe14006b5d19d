import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import { MIGRATIONS_DIR, PGLITE_EXTENSIONS, dataDirHasDatabase, type Database } from '../../db/client';
import { lockDataDir } from '../../db/data-dir-lock';
import { rowsOf } from '../../lib/keyset';
import { STORAGE_AREAS, type Storage } from '../../lib/storage/storage';

const run = promisify(execFile);

export const MANIFEST = 'manifest.json';
const PGLITE_DUMP = 'database.pglite.tar.gz';
const PG_DUMP = 'database.pgdump';
const FILES = 'files';

export interface Manifest {
  format: 1;
  createdAt: string;
  appVersion: string;
  /** The last migration applied to the backed-up database (its tag in the journal). */
  migration: string | null;
  database: { kind: 'pglite' | 'pg'; file: string; sha256: string; rows: Record<string, number> };
  files: { key: string; size: number; sha256: string; contentType: string }[];
}

export class BackupError extends Error {}

const sha256File = async (file: string) => {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
};

function appVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../../../package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

async function gitCommit(): Promise<string | null> {
  try {
    const { stdout } = await run('git', ['rev-parse', '--short', 'HEAD'], { cwd: import.meta.dirname });
    return stdout.trim() || null;
  } catch {
    return null;
  }
}

/** Row counts of every table of ours (public) and of the queue (pgboss), by qualified name. */
export async function countRows(database: Database): Promise<Record<string, number>> {
  const tables = await rowsOf<{ name: string }>(
    database.db.execute(
      sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
          where schemaname in ('public', 'pgboss') order by 1`,
    ),
  );
  const rows: Record<string, number> = {};
  for (const { name } of tables) {
    const [result] = await rowsOf<{ n: number }>(database.db.execute(sql.raw(`select count(*)::int as n from ${name}`)));
    rows[name] = Number(result!.n);
  }
  return rows;
}

async function lastMigration(database: Database): Promise<string | null> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const result = await rowsOf<{ created_at: string }>(
    database.db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`),
  ).catch(() => []);
  const when = Number(result[0]?.created_at);
  return journal.entries.find((e) => e.when === when)?.tag ?? null;
}

/** pg_dump / pg_restore, or a message an operator can act on when the client tools are not installed. */
export async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]) {
  try {
    return await run(tool, args, { maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new BackupError(
        `${tool} was not found. Install the PostgreSQL client tools of the same major version as the server, or newer ` +
          '(Debian/Ubuntu: apt-get install postgresql-client; macOS: brew install libpq), and run the command again.',
      );
    }
    throw new BackupError(`${tool} failed: ${(e.stderr || e.message).trim()}`);
  }
}

/**
 * Writes one tar archive: manifest.json, the database (a PGlite data-dir dump, or pg_dump's custom
 * format), and every stored file under files/<key>. Files are staged in a temporary folder first, so
 * a bucket is read once and the archive is written in one go.
 */
export async function createBackup(opts: {
  database: Database;
  /** The PostgreSQL server's URL, for pg_dump; absent for PGlite. */
  databaseUrl?: string;
  storage: Storage;
  out: string;
  log?: (line: string) => void;
}): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const stage = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-backup-'));
  try {
    let dbFile: string;
    if (opts.database.kind === 'pglite') {
      dbFile = PGLITE_DUMP;
      const dump = await opts.database.pglite!.dumpDataDir('gzip');
      await writeFile(path.join(stage, dbFile), Buffer.from(await dump.arrayBuffer()));
    } else {
      if (!opts.databaseUrl) throw new BackupError('A PostgreSQL backup needs DATABASE_URL.');
      dbFile = PG_DUMP;
      await pgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(stage, dbFile)}`, opts.databaseUrl]);
    }
    log(`Database dumped (${(await stat(path.join(stage, dbFile))).size} bytes).`);
    // Counted after the dump: on a live PostgreSQL server they may differ by what was written meanwhile.
    const rows = await countRows(opts.database);

    const files: Manifest['files'] = [];
    for (const area of STORAGE_AREAS) {
      for await (const { key } of opts.storage.list(area)) {
        const stored = await opts.storage.get(key);
        if (!stored) continue; // removed since it was listed
        const target = path.join(stage, FILES, key);
        await mkdir(path.dirname(target), { recursive: true });
        const hash = createHash('sha256');
        stored.stream.on('data', (chunk: Buffer) => hash.update(chunk));
        await pipeline(stored.stream, createWriteStream(target));
        files.push({ key, size: (await stat(target)).size, sha256: hash.digest('hex'), contentType: stored.contentType });
        if (files.length % 100 === 0) log(`  ${files.length} files`);
      }
    }
    log(`${files.length} files copied.`);

    const commit = await gitCommit();
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      appVersion: appVersion() + (commit ? `+${commit}` : ''),
      migration: await lastMigration(opts.database),
      database: { kind: opts.database.kind, file: dbFile, sha256: await sha256File(path.join(stage, dbFile)), rows },
      files,
    };
    await writeFile(path.join(stage, MANIFEST), JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(path.resolve(opts.out)), { recursive: true });
    const entries = [MANIFEST, dbFile, ...(files.length ? [FILES] : [])];
    await tar.create({ file: opts.out, cwd: stage, portable: true }, entries);
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

/** Unpacks an archive and checks every checksum before anything is restored. */
async function unpack(from: string, into: string): Promise<Manifest> {
  await tar.extract({ file: from, cwd: into, strict: true });
  const manifest = JSON.parse(await readFile(path.join(into, MANIFEST), 'utf8').catch(() => 'null')) as Manifest | null;
  if (manifest?.format !== 1) throw new BackupError(`${from} is not a CaribConnect backup (no manifest.json).`);
  if ((await sha256File(path.join(into, manifest.database.file))) !== manifest.database.sha256) {
    throw new BackupError('The database dump in the archive does not match its checksum; the archive is damaged.');
  }
  for (const f of manifest.files) {
    if ((await sha256File(path.join(into, FILES, f.key))) !== f.sha256) {
      throw new BackupError(`${f.key} in the archive does not match its checksum; the archive is damaged.`);
    }
  }
  return manifest;
}

export async function storageIsEmpty(storage: Storage): Promise<boolean> {
  for (const area of STORAGE_AREAS) {
    for await (const _ of storage.list(area)) return false;
  }
  return true;
}

async function pgIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p', 'v', 'm', 'S') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`,
    );
    return rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}

/** With --force: everything a restore would write again goes first, so pg_restore starts clean. */
async function pgClear(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ nspname: string }>(
      `select nspname from pg_namespace where nspname not in ('pg_catalog', 'information_schema', 'public')
       and nspname not like 'pg\\_%'`,
    );
    for (const { nspname } of rows) await client.query(`drop schema ${client.escapeIdentifier(nspname)} cascade`);
    const ext = await client.query<{ extname: string }>(`select extname from pg_extension where extname <> 'plpgsql'`);
    for (const { extname } of ext.rows) await client.query(`drop extension if exists ${client.escapeIdentifier(extname)} cascade`);
    await client.query('drop schema public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}

export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'pg'; url: string };

/**
 * Restores an archive into an empty data directory or database and an empty store; a non-empty
 * target is refused unless `force`, which replaces what is there. The database kind must match the
 * archive's: moving between PGlite and a PostgreSQL server is a different job (pg_dump the embedded one).
 */
export async function restoreBackup(opts: {
  from: string;
  target: RestoreTarget;
  storage: Storage;
  force?: boolean;
  log?: (line: string) => void;
}): Promise<Manifest> {
  const log = opts.log ?? (() => {});
  const stage = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-restore-'));
  try {
    const manifest = await unpack(opts.from, stage);
    log(`Backup of ${manifest.createdAt} (app ${manifest.appVersion}, migration ${manifest.migration ?? 'unknown'}), ${manifest.files.length} files.`);
    if (manifest.database.kind !== opts.target.kind) {
      // Decision 0034: no restore across engines; moving a site is its own documented procedure.
      throw new BackupError(
        (manifest.database.kind === 'pglite'
          ? 'This backup holds an embedded (PGlite) database, and DATABASE_URL points at a PostgreSQL server. Restore it without DATABASE_URL, into DATA_DIR.'
          : 'This backup holds a PostgreSQL server database, and no DATABASE_URL is set. Restore it with DATABASE_URL set to an empty database.') +
          ' Restoring into the other kind of database is not supported: to move a site between the embedded database and a PostgreSQL server, follow "Moving an existing single-machine site" in docs/deploy.md. Nothing was changed.',
      );
    }
    // Every check before the first write, so a refusal changes nothing.
    const dbEmpty = opts.target.kind === 'pglite' ? !dataDirHasDatabase(opts.target.dataDir) : await pgIsEmpty(opts.target.url);
    const filesEmpty = await storageIsEmpty(opts.storage);
    if ((!dbEmpty || !filesEmpty) && !opts.force) {
      const what = [!dbEmpty && 'the database', !filesEmpty && 'the file storage'].filter(Boolean).join(' and ');
      throw new BackupError(`Refusing to restore: ${what} already hold${dbEmpty || filesEmpty ? 's' : ''} data. Use --force to replace it.`);
    }

    const dumpFile = path.join(stage, manifest.database.file);
    if (opts.target.kind === 'pglite') {
      const release = lockDataDir(opts.target.dataDir);
      try {
        const dir = path.join(opts.target.dataDir, 'db');
        await rm(dir, { recursive: true, force: true });
        const dump = await readFile(dumpFile);
        const client = await PGlite.create(dir, { loadDataDir: new Blob([dump]), extensions: PGLITE_EXTENSIONS });
        await client.close();
      } finally {
        release();
      }
    } else {
      if (!dbEmpty) await pgClear(opts.target.url);
      await pgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${opts.target.url}`, dumpFile]);
    }
    log('Database restored.');

    if (!filesEmpty) {
      for (const area of STORAGE_AREAS) {
        const keys: string[] = [];
        for await (const { key } of opts.storage.list(area)) keys.push(key);
        for (const key of keys) await opts.storage.delete(key);
      }
    }
    for (const [i, f] of manifest.files.entries()) {
      await opts.storage.putFile(f.key, path.join(stage, FILES, f.key), f.contentType);
      if ((i + 1) % 100 === 0) log(`  ${i + 1} files`);
    }
    log(`${manifest.files.length} files restored.`);
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}
