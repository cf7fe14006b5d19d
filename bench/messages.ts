// npm run bench:messages — how fast does a message reach the other person, and is any lost?
// Two server processes on one fresh PostgreSQL database (fan-out through LISTEN/NOTIFY), then one
// on the embedded database (PGlite). 500 signed-in people each hold an SSE stream, split across the
// instances; messages go between random pairs at a steady rate, each sent through the sender's own
// instance. Prints send→receive p50/p95/p99 (recipient's stream), messages lost and duplicated
// (counting both the recipient's stream and the sender's own), first alone and then with a cheap
// read (GET /api/messages/unread-count) paced beside it, and the CPU time the server processes spent
// per message (Node only; PostgreSQL's own processes are not counted), which does not depend on how
// busy the machine is. Goal: p95 < 50 ms at 500 clients on PostgreSQL.
// Options: BENCH_CLIENTS (500), BENCH_RATE (messages/s, 100), BENCH_SECONDS (per phase, 10),
// BENCH_READ_RATE (50), BENCH_PG_URL (postgres://postgres@127.0.0.1:5432/postgres; "off" skips it).
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { createSessionUsers } from './lib/direct-users';
import { fmt, paced } from './lib/load';
import { percentile } from './lib/measure';
import { startServer } from './lib/server';
import { openStream } from './lib/sse';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const READ_RATE = Number(process.env.BENCH_READ_RATE ?? 50);
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const GRACE_MS = 2000;
const WARM_SECONDS = 2;

const log = (...args: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CPU time (user + system, ms) the given processes used so far; independent of how busy the machine is. */
function cpuMs(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // not on Linux, or the process is gone
    }
  }
  return ticks * 10;
}

interface Person {
  id: string;
  cookie: string;
  base: string;
}

interface PhaseResult {
  sent: number;
  failed: number;
  lost: number;
  duplicates: number;
  latencies: number[];
  reads?: Awaited<ReturnType<typeof paced>>;
  cpuPerMessage?: number;
}

/** Runs one phase: RATE messages a second for SECONDS, then waits for stragglers and counts. */
async function phase(
  people: Person[],
  deliveries: Map<string, Map<string, number>>,
  sentAt: Map<string, number>,
  latencies: number[],
  tag: string,
  withReads: boolean,
  seconds = SECONDS,
): Promise<PhaseResult> {
  const total = Math.round(RATE * seconds);
  const expected = new Map<string, string[]>();
  let failed = 0;
  latencies.length = 0;
  const reader = people[0]!;
  const reads = withReads
    ? paced(() => fetch(`${reader.base}/api/messages/unread-count`, { headers: { cookie: reader.cookie } }), { rate: READ_RATE, seconds })
    : null;
  const start = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const from = people[Math.floor(Math.random() * people.length)]!;
    let to = from;
    while (to === from) to = people[Math.floor(Math.random() * people.length)]!;
    const key = `${tag}:${i}`;
    expected.set(key, [to.id, from.id]);
    sentAt.set(key, performance.now());
    inflight.push(
      fetch(`${from.base}/api/messages`, {
        method: 'POST',
        headers: { cookie: from.cookie, origin: from.base, 'content-type': 'application/json' },
        body: JSON.stringify({ recipientId: to.id, message: key }),
      }).then(
        async (res) => {
          await res.arrayBuffer();
          if (res.status !== 201) {
            failed++;
            expected.delete(key);
          }
        },
        () => {
          failed++;
          expected.delete(key);
        },
      ),
    );
  }
  await Promise.all(inflight);
  const readResult = reads ? await reads : undefined;
  await sleep(GRACE_MS);
  let lost = 0;
  let duplicates = 0;
  for (const [key, owners] of expected) {
    for (const owner of owners) {
      const n = deliveries.get(owner)?.get(key) ?? 0;
      if (n === 0) lost++;
      if (n > 1) duplicates += n - 1;
    }
  }
  return { sent: expected.size, failed, lost, duplicates, latencies: [...latencies].sort((a, b) => a - b), reads: readResult };
}

async function runSetup(label: string, bases: string[], people: Person[], pids: number[]) {
  // Who received which message how often, and the recipient-side latency of each.
  const deliveries = new Map<string, Map<string, number>>();
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const streams = await Promise.all(
    people.map(async (p) => {
      const seen = new Map<string, number>();
      deliveries.set(p.id, seen);
      const s = await openStream(`${p.base}/api/messages/stream`, p.cookie, (e) => {
        if (e.event !== 'message') return;
        const { message } = JSON.parse(e.data) as { message: { message: string; recipientId: string } };
        seen.set(message.message, (seen.get(message.message) ?? 0) + 1);
        if (message.recipientId === p.id && seen.get(message.message) === 1) {
          const t0 = sentAt.get(message.message);
          if (t0 !== undefined) latencies.push(performance.now() - t0);
        }
      });
      if (s.status !== 200) throw new Error(`stream refused: ${s.status}`);
      return s;
    }),
  );
  log(`${label}: ${streams.length} streams open across ${bases.length} instance(s)`);
  await sleep(500);
  // Warm-up: JIT, pools, prepared plans.
  await phase(people, deliveries, sentAt, latencies, `${label}-warm`, false, WARM_SECONDS);
  const idleReads = await paced(() => fetch(`${people[0]!.base}/api/messages/unread-count`, { headers: { cookie: people[0]!.cookie } }), {
    rate: READ_RATE,
    seconds: 3,
  });
  const cpu0 = cpuMs(pids);
  const alone = await phase(people, deliveries, sentAt, latencies, `${label}-alone`, false);
  alone.cpuPerMessage = (cpuMs(pids) - cpu0) / Math.max(1, alone.sent);
  log(`${label}: steady phase done`);
  const beside = await phase(people, deliveries, sentAt, latencies, `${label}-reads`, true);
  for (const s of streams) s.close();
  const row = (name: string, r: PhaseResult) => ({
    case: name,
    sent: r.sent,
    'send errors': r.failed,
    'p50 ms': fmt(percentile(r.latencies, 50), 1),
    'p95 ms': fmt(percentile(r.latencies, 95), 1),
    'p99 ms': fmt(percentile(r.latencies, 99), 1),
    lost: r.lost,
    duplicates: r.duplicates,
    'server CPU ms/msg': r.cpuPerMessage === undefined ? '-' : fmt(r.cpuPerMessage, 2),
  });
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
  console.log(
    `\n${label}: ${people.length} SSE clients on ${bases.length} instance(s), ${RATE} messages/s between random pairs for ${SECONDS} s; load average ${load} on ${os.cpus().length} CPUs`,
  );
  console.table([row('messages alone', alone), row(`messages + ${READ_RATE} reads/s`, beside)]);
  const r = beside.reads!;
  console.log(
    `cheap read (GET /api/messages/unread-count, ${READ_RATE}/s): idle p50 ${fmt(idleReads.p50, 1)} ms / p95 ${fmt(idleReads.p95, 1)} ms; beside messages p50 ${fmt(r.p50, 1)} ms / p95 ${fmt(r.p95, 1)} ms, errors ${r.errors}`,
  );
  return { alone, beside };
}

async function assignAndCheck(database: Database, bases: string[]): Promise<Person[]> {
  const created = await createSessionUsers(database, CLIENTS, SECRET);
  return created.map((p, i) => ({ ...p, base: bases[i % bases.length]! }));
}

async function verify(person: Person) {
  const me = (await (await fetch(`${person.base}/api/me`, { headers: { cookie: person.cookie } })).json()) as { user: { id: string } | null };
  if (me.user?.id !== person.id) throw new Error('the direct session cookies are not accepted by the server; the benchmark cannot sign people in');
}

const serverEnv = { AUTH_SECRET: SECRET, MESSAGE_RATE_LIMIT: '1000000', LOG_LEVEL: 'warn' };

async function postgres() {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (err) {
    log(`PostgreSQL at ${PG_URL} unreachable (${(err as Error).message}); skipped`);
    return;
  }
  const name = `cc_bench_messages_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const servers: Array<Awaited<ReturnType<typeof startServer>>> = [];
  try {
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() });
    await database.migrate();
    servers.push(...(await Promise.all([0, 1].map(() => startServer({ ...serverEnv, DATABASE_URL: url.toString() })))));
    const people = await assignAndCheck(
      database,
      servers.map((s) => s.url),
    );
    await database.close();
    await verify(people[0]!);
    await verify(people[1]!);
    const version = (await admin.query('show server_version')).rows[0].server_version;
    await runSetup(
      `PostgreSQL ${version}, 2 instances`,
      servers.map((s) => s.url),
      people,
      servers.map((s) => s.pid),
    );
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function pglite() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'caribconnect-bench-'));
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    // Prepared before the server starts: an embedded database has one owner at a time.
    const database = await openDatabase({ dataDir });
    await database.migrate();
    const created = await createSessionUsers(database, CLIENTS, SECRET);
    await database.close();
    server = await startServer({ ...serverEnv, DATA_DIR: dataDir });
    const people = created.map((p) => ({ ...p, base: server!.url }));
    await verify(people[0]!);
    await runSetup('PGlite (embedded), 1 instance', [server.url], people, [server.pid]);
  } finally {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

log(`Messages benchmark: node ${process.version}, ${os.cpus().length} CPUs; servers in their own processes, loopback only`);
const started = performance.now();
if (PG_URL !== 'off') await postgres();
await pglite();
log(`done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
