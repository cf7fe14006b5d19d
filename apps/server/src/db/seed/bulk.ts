import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/** Seeds adding at least this many rows to a table build its secondary indexes once, at the end. */
export const BULK_INDEX_FROM = 20_000;

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Runs `fill` with the table's secondary indexes dropped, then creates them again from the
 * definitions PostgreSQL printed for them (pg_indexes), so the seed cannot drift from the migrations.
 * A bulk load then writes the heap alone and each index is built by one sort, several times faster
 * than maintaining a trigram index row by row. Indexes backing a constraint (primary key, unique)
 * stay: ON CONFLICT needs them. They are recreated in `finally`, so a failed run leaves none missing.
 */
export async function withIndexesDeferred<T>(db: Db, table: string, bulk: boolean, fill: () => Promise<T>): Promise<T> {
  if (!bulk) return fill();
  const indexes = await rowsOf<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename = ${table}
        and indexname not in (select conname from pg_constraint where conrelid = ${table}::regclass)`,
  );
  for (const { name } of indexes) await db.execute(sql.raw(`drop index if exists "${name}"`));
  try {
    return await fill();
  } finally {
    for (const { definition } of indexes) await db.execute(sql.raw(definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')));
  }
}

/** How many rows a table holds, to decide whether a seed is a bulk load. */
export async function countRows(db: Db, table: string): Promise<number> {
  return (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
}
