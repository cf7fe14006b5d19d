import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/** Seeds adding at least this many rows to a table build its secondary indexes once, at the end. */
export const BULK_INDEX_FROM = 20_000;

/**
 * Sort memory for a bulk seed's index builds: a GIN index of a million rows' trigrams (~200 a row
 * for an ad) spills to disk and merges in passes with the 64 MB default.
 */
const INDEX_BUILD_MEMORY = '512MB';

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Runs `run` for every item, `workers` at a time. On the PostgreSQL server each worker's statements
 * go to their own connection (the pool hands one to each), so a bulk seed keeps both of a small
 * machine's cores busy: one backend writes rows while another does, or builds an index. On PGlite
 * (one thread) pass 1. After a failure no new item starts; the first error is thrown once the
 * running ones have ended, so nothing runs on after the caller's `finally`.
 */
export async function inParallel<T>(items: readonly T[], workers: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const results = await Promise.allSettled(
    Array.from({ length: Math.max(1, Math.min(workers, items.length)) }, async () => {
      while (!failed && next < items.length) {
        const item = items[next++]!;
        try {
          await run(item);
        } catch (err) {
          failed = true;
          throw err;
        }
      }
    }),
  );
  const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected) throw rejected.reason;
}

/** The secondary indexes of a table (not those backing a primary key or unique constraint: ON CONFLICT needs them). */
export async function secondaryIndexes(db: Db, table: string): Promise<Array<{ name: string; definition: string }>> {
  return rowsOf(
    db,
    sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
      join pg_class c on c.relname = i.indexname and c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
      join pg_index x on x.indexrelid = c.oid
      where i.schemaname = current_schema() and i.tablename = ${table} and not x.indisunique and not x.indisprimary
      order by i.indexname`,
  );
}

/** GIN builds (trigrams, 1-2-grams) take several times longer than a btree: they start first. */
export const orderBuilds = (definitions: string[]) => [...definitions].sort((a, b) => Number(/USING gin/i.test(b)) - Number(/USING gin/i.test(a)));

/** Creates an index from the definition PostgreSQL printed for it (pg_indexes), with more sort memory. */
export async function buildIndex(db: Db, definition: string, log?: (line: string) => void): Promise<void> {
  const started = Date.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`));
    await tx.execute(sql.raw(definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')));
  });
  log?.(`index ${/INDEX (\S+)/.exec(definition)?.[1]} built in ${seconds(started)}`);
}

/** Builds indexes `workers` at a time, biggest first: each build is one backend's sort, so two run side by side on two cores. */
export async function buildIndexes(db: Db, definitions: string[], workers = 1, log?: (line: string) => void): Promise<void> {
  await inParallel(orderBuilds(definitions), workers, (definition) => buildIndex(db, definition, log));
}

/**
 * Runs `fill` with the tables' secondary indexes dropped, then creates them again from the
 * definitions PostgreSQL printed for them (pg_indexes), so the seed cannot drift from the migrations.
 * A bulk load then writes the heap alone and each index is built by one sort, several times faster
 * than maintaining a trigram index row by row. Indexes backing a constraint (primary key, unique)
 * stay: ON CONFLICT needs them. They are recreated in `finally`, so a failed run leaves none missing.
 */
export async function withIndexesDeferred<T>(
  db: Db,
  tables: string | string[],
  bulk: boolean,
  fill: () => Promise<T>,
  { workers = 1, log }: { workers?: number; log?: (line: string) => void } = {},
): Promise<T> {
  if (!bulk) return fill();
  const indexes = [];
  for (const table of [tables].flat()) indexes.push(...(await secondaryIndexes(db, table)));
  for (const { name } of indexes) await db.execute(sql.raw(`drop index if exists "${name}"`));
  try {
    return await fill();
  } finally {
    const started = Date.now();
    await buildIndexes(
      db,
      indexes.map((i) => i.definition),
      workers,
      log,
    );
    log?.(`${indexes.length} indexes of ${[tables].flat().join(', ')} built in ${seconds(started)}`);
  }
}

/** How many rows a table holds, to decide whether a seed is a bulk load. */
export async function countRows(db: Db, table: string): Promise<number> {
  return (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
}

/** "12.3 s" since `started` (Date.now()), for the seed's per-phase lines. */
export const seconds = (started: number) => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/**
 * The ranges [from, to) of `total` rows in steps of `batch`, oldest first: workers take them in
 * order, so the table's physical order still follows created_at to within a batch or two.
 */
export const batches = (total: number, batch: number) =>
  Array.from({ length: Math.ceil(total / batch) }, (_, i) => ({ from: i * batch, to: Math.min(total, (i + 1) * batch) }));

/**
 * SQL for the k-th pseudo-random draw of the generated row `n` (a column of that name), in [0, 1):
 * hashint8 mixes n's bits, so the draws of one row look independent and row n always gets the same.
 */
export const draw = (k: number) => `((hashint8(n * 64 + ${k}) & 2147483647)::float8 / 2147483648)`;

/** SQL for a 1-based index into an array of `length` (a number or an SQL expression), from draw k. */
export const pick = (k: number, length: number | string) => `(1 + (hashint8(n * 64 + ${k}) & 2147483647) % ${length})`;

/** Every ordered choice of three different items, joined: row n then picks one (the shuffled "three of" of a text). */
export function triples(items: readonly string[], separator: string): string[] {
  const out: string[] = [];
  for (const a of items) for (const b of items) for (const c of items) if (a !== b && b !== c && a !== c) out.push([a, b, c].join(separator));
  return out;
}
