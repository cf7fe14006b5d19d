/**
 * The benchmarked server, in its own process so the load generator does not share its event loop.
 * It also runs the "direct" measurements: PGlite lives inside this process, so the driver-level loop
 * must run here too, and doing the same on PostgreSQL keeps both sides alike.
 * Environment: BENCH_LIST (jobs | ads), BENCH_ROWS, BENCH_LIMIT, BENCH_DATA_DIR, BENCH_DATABASE_URL.
 * Messages in: { id, type: 'warm' | 'direct' | 'total' | 'count' | 'close', ... }; out: { id, result }
 * or { ready, seedSeconds, version, webBuilt, ...what the list's seeding returned }.
 */
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase } from '../../apps/server/src/db/client';
import { adsList, jobsList, type DirectList } from './direct-lists';
import { createSessionUsers } from './direct-users';
import { seedPeople } from '../../apps/server/src/db/seed/people';
import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/seed';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { searchUsers } from '../../apps/server/src/modules/directory/service';
import { loadDirect } from './measure';

const { BENCH_LIST: listName, BENCH_DATA_DIR: dataDir, BENCH_DATABASE_URL: databaseUrl, BENCH_ROWS: rows, BENCH_LIMIT: limit } = process.env;
const LISTS: Record<string, DirectList<object>> = { jobs: jobsList, ads: adsList };
const list = LISTS[listName!];
if (!list || !dataDir || !rows || !limit) throw new Error('BENCH_LIST (jobs | ads), BENCH_DATA_DIR, BENCH_ROWS and BENCH_LIMIT are required');
const LIMIT = Number(limit);

interface Message {
  id: number;
  type: string;
  filters?: object;
  connections?: number;
  seconds?: number;
  /** 'people': how many people to seed; 'users': the directory's search term. */
  people?: number;
  q?: string;
}

const AUTH_SECRET = 'bench-secret-that-is-long-enough-0123456789';

async function main(list: DirectList<object>, dataDir: string) {
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  const t0 = performance.now();
  const seeded = await list.seed(database, Number(rows), dataDir);
  const seedSeconds = (performance.now() - t0) / 1000;

  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', AUTH_SECRET, DATA_DIR: dataDir }, { host: '127.0.0.1', port: 0 });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const version = database.pool
    ? (await database.pool.query('show server_version')).rows[0].server_version
    : (await database.pglite!.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;

  // The people directory: who asks (a session of its own), set by the 'people' message.
  let caller = '';
  process.on('message', async (msg: Message) => {
    if (msg.type === 'people') {
      const t = performance.now();
      await seedPeople(database.db, { people: msg.people!, passwordHash: await hashPassword(DEMO_PASSWORD) });
      const [viewer] = await createSessionUsers(database, 1, AUTH_SECRET, 'directory');
      caller = viewer!.id;
      process.send!({ id: msg.id, result: { cookie: viewer!.cookie, seconds: (performance.now() - t) / 1000 } });
      return;
    }
    if (msg.type === 'users') {
      const task = () => searchUsers(database.db, caller, msg.q, undefined, 20);
      process.send!({ id: msg.id, result: await loadDirect(task, { connections: msg.connections!, seconds: msg.seconds! }) });
      return;
    }
    if (msg.type === 'close') {
      await app.close();
      await database.close();
      process.send!({ id: msg.id, result: true }, () => process.exit(0));
      return;
    }
    const load = { connections: msg.connections!, seconds: msg.seconds! };
    const task = list.page(database, msg.filters!, LIMIT);
    if (msg.type === 'warm') {
      for (let i = 0; i < 50; i++) await task();
      process.send!({ id: msg.id, result: true });
    } else if (msg.type === 'count') {
      process.send!({ id: msg.id, result: await list.matches(database, msg.filters!) });
    } else if (msg.type === 'direct') {
      process.send!({ id: msg.id, result: await loadDirect(task, load) });
    } else if (msg.type === 'total') {
      // A list without a count of matches answers null rather than leave the benchmark waiting.
      process.send!({ id: msg.id, result: list.total ? await loadDirect(list.total(database, msg.filters!), load) : null });
    }
  });
  process.send!({ ...seeded, ready: typeof address === 'object' && address ? address.port : 0, seedSeconds, version, webBuilt: !!config.webDist });
}

main(list, dataDir).catch((err) => {
  console.error(err);
  process.exit(1);
});
