import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { LOCK_FILE, lockOwner } from './data-dir-lock';
import { embeddedDataDir } from '../../test/embedded-data-dir';

let dataDir: string;

const lockFile = () => path.join(dataDir, LOCK_FILE);
/** The test runner's parent: alive, and certainly not a server holding this directory. */
const unrelated = process.ppid;

async function opens() {
  const database = await openDatabase({ dataDir });
  try {
    await database.ping();
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toEqual(lockOwner(process.pid));
  } finally {
    await database.close();
  }
  expect(existsSync(lockFile())).toBe(false);
}

// The same open path serves the server, create-admin and the seed (openDatabaseOrExit -> openDatabase).
// PGlite only, so it runs once, in the PGlite pass.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the embedded database lock', { timeout: 120_000 }, () => {
  // A database already there, as after the server's first start: the lock is what is tested.
  beforeEach(async () => {
    dataDir = await embeddedDataDir('caribconnect-lock-');
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('is taken over after a reboot: the pid now belongs to an unrelated live process started at another time', async () => {
    writeFileSync(lockFile(), JSON.stringify({ ...lockOwner(unrelated), start: '1' }));
    await opens();
  });

  it('is taken over when written in another boot, whatever the pid', async () => {
    writeFileSync(lockFile(), JSON.stringify({ ...lockOwner(unrelated), boot: 'a-previous-boot' }));
    await opens();
  });

  it('in the old pid-only format, is taken over when written before that pid’s process started', async () => {
    writeFileSync(lockFile(), String(unrelated));
    utimesSync(lockFile(), new Date('2001-01-01'), new Date('2001-01-01'));
    await opens();
  });

  it('still blocks while its owner runs, with the clear message, and is left as it was', async () => {
    const live = JSON.stringify(lockOwner(unrelated));
    writeFileSync(lockFile(), live);
    await expect(openDatabase({ dataDir })).rejects.toThrow(`is in use by another process (pid ${unrelated}), probably the running server`);
    expect(readFileSync(lockFile(), 'utf8')).toBe(live);
    // A pid-only lock written after its process started may be that process's: it blocks too.
    writeFileSync(lockFile(), String(unrelated));
    await expect(openDatabase({ dataDir })).rejects.toThrow(/is in use by another process/);
  });

  it('is taken over when its process is gone', async () => {
    writeFileSync(lockFile(), JSON.stringify({ pid: 2 ** 22 + 1, start: '5', boot: null }));
    await opens();
  });
});
