import { rmSync } from 'node:fs';
import { cp, mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { PGLITE_EXTENSIONS } from '../src/db/client';

let master: Promise<string> | null = null;

/** The migrated template unpacked into a data directory once per worker (its `db` folder). */
async function unpackTemplate(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-data-template-'));
  const client = await PGlite.create(path.join(dataDir, 'db'), {
    loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]),
    extensions: PGLITE_EXTENSIONS,
  });
  await client.close();
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/**
 * A new data directory holding the embedded database as the migrated template left it, for the
 * tests that open one from disk or start a command or the server on one. A data directory's first
 * start runs PostgreSQL's initdb in WebAssembly: about 7 s of CPU on a 2-core CI machine. The
 * template is unpacked once per worker (about 2.5 s) and copied for each test (a fraction of a
 * second). The first start itself stays covered: server.test.ts and the journeys' administrators
 * (e2e/create-admins.ts) start on an empty directory, and so does the backup's restore.
 */
export async function embeddedDataDir(prefix = 'caribconnect-data-'): Promise<string> {
  master ??= unpackTemplate();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await cp(path.join(await master, 'db'), path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
}
