import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { signUp } from '../../../test/http';
import { openDatabase, wrapPool, type Database } from '../../db/client';
import { rowsOf } from '../../lib/keyset';
import { openStorage } from '../../lib/storage/open';
import { STORAGE_AREAS, type Storage } from '../../lib/storage/storage';
import { BackupError, createBackup, pgTool, restoreBackup, storageIsEmpty, type RestoreTarget } from './archive';

const serverUrl = process.env.TEST_DATABASE_URL;
let t: TestApp;
const cleanups: (() => Promise<unknown>)[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-backup-test-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
};

/** A fresh, empty database on the test server (the restore target); dropped after the file. */
async function freshPgDatabase(): Promise<string> {
  const name = `cc_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Every table's row count and a digest of all its rows, to prove a restore is row for row. pg-boss's
 * own bookkeeping (queue counters, its monitor's timestamps) changes by itself while the app runs,
 * so of its schema only the jobs are compared.
 */
async function fingerprint(database: Database) {
  const tables = await rowsOf<{ name: string }>(
    database.db.execute(sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
          where schemaname = 'public' or (schemaname = 'pgboss' and tablename like 'j%') order by 1`),
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const [r] = await rowsOf<{ n: number; digest: string }>(
      database.db.execute(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${name} t`)),
    );
    out[name] = `${r!.n}:${r!.digest}`;
  }
  return out;
}

async function files(storage: Storage) {
  const out: Record<string, string> = {};
  for (const area of STORAGE_AREAS) {
    for await (const { key } of storage.list(area)) {
      const chunks: Buffer[] = [];
      for await (const c of (await storage.get(key))!.stream) chunks.push(Buffer.from(c));
      out[key] = Buffer.concat(chunks).toString('base64');
    }
  }
  return out;
}

const site = {
  'avatars/u1.png': randomBytes(2_000),
  'resumes/resume-u1.pdf': Buffer.concat([Buffer.from('%PDF-1.4 private'), randomBytes(5_000)]),
  'ads/ad1-0123456789abcdef-card.webp': randomBytes(3_000),
  'videos/ad1-0123456789abcdef.mp4': randomBytes(400_000),
};

async function openTarget(target: RestoreTarget): Promise<Database> {
  if (target.kind === 'pg') return wrapPool(new pg.Pool({ connectionString: target.url, max: 1 }));
  return openDatabase({ dataDir: target.dataDir });
}

async function newTarget(): Promise<RestoreTarget> {
  return serverUrl ? { kind: 'pg', url: await freshPgDatabase() } : { kind: 'pglite', dataDir: await tempDir() };
}

let archive: string;
let before: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { startWorkers: false });
  for (let i = 0; i < 3; i++) await signUp(t.app, i % 2 ? 'employer' : 'jobseeker');
  for (const [key, data] of Object.entries(site)) await t.app.storage.put(key, data, 'application/octet-stream');
  archive = path.join(await tempDir(), 'site.tar');
  before = await fingerprint(t.database);
});

afterAll(async () => {
  await t.close();
  for (const c of cleanups.reverse()) await c();
});

describe('backup and restore', () => {
  it('round-trips every row and every file byte for byte', { timeout: 120_000 }, async () => {
    const databaseUrl = t.database.pool ? (t.database.pool.options as { connectionString: string }).connectionString : undefined;
    const manifest = await createBackup({ database: t.database, databaseUrl, storage: t.app.storage, out: archive });
    expect(manifest.database.kind).toBe(t.database.kind);
    expect(manifest.migration).toMatch(/^\d{4}_/);
    expect(manifest.database.rows['public.users']).toBe(3);
    expect(manifest.files.map((f) => f.key).sort()).toEqual(Object.keys(site).sort());

    const target = await newTarget();
    const storage = openStorage(await tempDir());
    await restoreBackup({ from: archive, target, storage });
    const restored = await openTarget(target);
    try {
      expect(await fingerprint(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(await files(storage)).toEqual(Object.fromEntries(Object.entries(site).map(([k, v]) => [k, v.toString('base64')])));

    // The same target again: refused, and nothing changed; --force replaces it.
    await storage.put('avatars/extra.png', Buffer.from('later'), 'image/png');
    await expect(restoreBackup({ from: archive, target, storage })).rejects.toThrow(/Refusing to restore: the database and the file storage/);
    expect((await files(storage))['avatars/extra.png']).toBeDefined();
    await restoreBackup({ from: archive, target, storage, force: true });
    expect((await files(storage))['avatars/extra.png']).toBeUndefined();
    const again = await openTarget(target);
    try {
      expect(await fingerprint(again)).toEqual(before);
    } finally {
      await again.close();
    }
  });

  it('refuses an empty database beside a store that already holds files, and a damaged archive', { timeout: 120_000 }, async () => {
    const storage = openStorage(await tempDir());
    await storage.put('avatars/someone.png', Buffer.from('x'), 'image/png');
    const target = await newTarget();
    await expect(restoreBackup({ from: archive, target, storage })).rejects.toThrow(/the file storage already holds data/);
    const empty = await openTarget(target).catch(() => null);
    if (target.kind === 'pg') {
      const [n] = await rowsOf<{ n: number }>(empty!.db.execute(sql`select count(*)::int as n from pg_tables where schemaname = 'public'`));
      expect(n!.n).toBe(0);
    }
    await empty?.close();

    const notArchive = path.join(await tempDir(), 'nothing.tar');
    await rm(notArchive, { force: true });
    await expect(restoreBackup({ from: notArchive, target, storage: openStorage(await tempDir()) })).rejects.toThrow();
    await expect(restoreBackup({ from: archive, target, storage })).rejects.toBeInstanceOf(BackupError);
  });

  it('refuses an archive of the other kind of database before touching anything, and says how to move', { timeout: 60_000 }, async () => {
    // The other engine: an unreachable server shows that the refusal comes before any connection.
    const other: RestoreTarget =
      t.database.kind === 'pglite' ? { kind: 'pg', url: 'postgres://nobody@127.0.0.1:1/unused' } : { kind: 'pglite', dataDir: await tempDir() };
    const storage = openStorage(await tempDir());
    const refusal = restoreBackup({ from: archive, target: other, storage });
    await expect(refusal).rejects.toBeInstanceOf(BackupError);
    await expect(refusal).rejects.toThrow(/docs\/deploy\.md/);
    expect(await storageIsEmpty(storage)).toBe(true);
    if (other.kind === 'pglite') expect(await readdir(other.dataDir)).toEqual([]);
  });

  it('says how to install pg_dump and pg_restore when they are missing', async () => {
    const savedPath = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      for (const tool of ['pg_dump', 'pg_restore'] as const) {
        const missing = pgTool(tool, ['--version']);
        await expect(missing).rejects.toBeInstanceOf(BackupError);
        await expect(missing).rejects.toThrow(new RegExp(`^${tool} was not found\\. Install the PostgreSQL client tools .*apt-get install postgresql-client`));
      }
    } finally {
      process.env.PATH = savedPath;
    }
  });
});
