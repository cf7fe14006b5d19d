/**
 * CPU per ads page with PGlite on the API's thread against PGlite on its own thread (decision 0052,
 * second addendum): one caller, no HTTP, the list's own statements (bench/lib/direct-lists.ts) on a
 * seeded 100,000-ad data directory, process CPU split into the calling thread and the others.
 *
 *   node --import tsx bench/pglite-thread-cpu.ts main|thread DATA_DIR
 *
 * DATA_DIR is a seeded data directory (e.g. one bench/lib/server-process.ts seeded); stop anything
 * serving it first. Only prints.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { PGLITE_EXTENSIONS, type Database } from '../apps/server/src/db/client';
import { PgliteThread } from '../apps/server/src/db/pglite-thread';
import { preparedStatements } from '../apps/server/src/db/pglite-statements';
import * as schema from '../apps/server/src/db/schema';
import { adsList } from './lib/direct-lists';
const mode = process.argv[2];
if (mode !== 'main' && mode !== 'thread') throw new Error('main or thread');
const dir = `${process.argv[3] ?? '/tmp/ads100k'}/db`;
const client =
  mode === 'thread' ? await PgliteThread.create({ dataDir: dir }) : preparedStatements(await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS }));
const database = { db: drizzle(client as never, { schema }), kind: 'pglite', pglite: client } as unknown as Database;
for (const [name, filters] of [
  ['first', {}],
  ['free', { free: true }],
] as const) {
  const task = adsList.page(database, filters as never, 12);
  for (let i = 0; i < 300; i++) await task();
  const n = 1500;
  const c0 = process.cpuUsage();
  const m0 = process.threadCpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await task();
  const c1 = process.cpuUsage(c0);
  const m1 = process.threadCpuUsage(m0);
  const wall = performance.now() - t0;
  const total = (c1.user + c1.system) / 1000 / n,
    main = (m1.user + m1.system) / 1000 / n;
  console.log(
    `${mode} ${name}: wall ${(wall / n).toFixed(3)} ms/page, CPU total ${total.toFixed(3)}, main ${main.toFixed(3)}, other ${(total - main).toFixed(3)}; load ${(await import('node:os')).loadavg()[0].toFixed(1)}`,
  );
}
await client.close();
