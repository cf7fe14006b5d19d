import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { embeddedDataDir } from '../../test/embedded-data-dir';

const run = promisify(execFile);
const cli = path.join(import.meta.dirname, 'create-admin.ts');
let dataDir: string;

/** Runs the real command in its own process, on the embedded database in dataDir. */
function createAdmin(args: string[]) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test' };
  return run(process.execPath, ['--import', 'tsx', cli, ...args], { env }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}

// These tests start the real command in its own process on the embedded database (the lock is a
// PGlite concern), so they run once, in the PGlite pass; each start pays PGlite's boot, hence the
// generous timeout on a loaded machine. The database is already there, as after the server's first
// start; a first start on an empty directory, through the same createAdminAccount, is how the
// journeys begin (e2e/create-admins.ts).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm run create-admin', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    dataDir = await embeddedDataDir('caribconnect-cli-');
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('creates an admin account that can be found with its role', async () => {
    const res = await createAdmin(['--email', 'Chief@Example.com', '--password', 'a-strong-admin-password']);
    expect(res.stderr).toBe('');
    expect(res.stdout).toMatch(/Admin account created for chief@example.com/);
    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.query.profiles.findMany();
      expect(rows).toEqual([expect.objectContaining({ email: 'chief@example.com', role: 'admin' })]);
    } finally {
      await database.close();
    }
  });

  it('refuses a weak password and a duplicate email', async () => {
    const weak = await createAdmin(['--email', 'x@example.com', '--password', 'short']);
    expect(weak.code).toBe(2);
    expect(weak.stderr).toMatch(/at least 8 characters/);
    const dup = await createAdmin(['--email', 'chief@example.com', '--password', 'another-strong-password']);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toMatch(/already exists/i);
  });

  it('says the embedded database is in use while the server holds it, and touches nothing', async () => {
    const held = await openDatabase({ dataDir });
    try {
      const res = await createAdmin(['--email', 'late@example.com', '--password', 'a-strong-admin-password']);
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/is in use by another process/);
      expect(await held.db.query.profiles.findMany()).toHaveLength(1);
    } finally {
      await held.close();
    }
  });
});
