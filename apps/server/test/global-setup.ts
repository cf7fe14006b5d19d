import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PgliteThread } from '../src/db/pglite-thread';
import type { TestProject } from 'vitest/node';
import { wrapPglite, wrapPool } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

/**
 * Migrates one template database per run; each test file then gets its own copy (a PGlite loaded
 * from the dumped template, or `CREATE DATABASE … TEMPLATE` on a server), so files never share state.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `cc_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = wrapPool(new pg.Pool({ connectionString: url.toString(), max: 1 }));
    await db.migrate();
    await db.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const client = await PgliteThread.create();
  const db = wrapPglite(client);
  await db.migrate();
  const dump = await client.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `caribconnect-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
}
