import { sql, type SQL } from 'drizzle-orm';
import { badRequest } from './http-error';
import { isUuid } from './ids';

/** A position in a list ordered by (created_at desc, id desc). */
export interface Keyset {
  createdAt: string;
  id: string;
}

/** Opaque to clients: base64url of "createdAt|id". */
export function encodeCursor(row: Keyset): string {
  return Buffer.from(`${row.createdAt}|${row.id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Keyset | null {
  if (cursor === undefined || cursor === '') return null;
  const invalid = () => badRequest('Invalid page cursor. Reload the list and try again.', 'INVALID_CURSOR');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const [createdAt, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (rest.length || !createdAt || !id || !isUuid(id)) throw invalid();
  if (!isRealInstant(createdAt)) throw invalid();
  return { createdAt, id };
}

/**
 * The exact text a timestamptz row would carry: Date.parse accepts Feb 30 (rolling it into March) and
 * year 0 (which PostgreSQL refuses), so the parsed value must print back to the same text.
 */
function isRealInstant(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(text)) return false;
  const time = Date.parse(text);
  return !Number.isNaN(time) && text >= '0001' && new Date(time).toISOString() === text;
}

/** Rows after the cursor, in the index's order. A row comparison, so PostgreSQL walks the btree from the cursor. */
export function afterCursor(table: string, after: Keyset | null): SQL {
  if (!after) return sql`true`;
  return sql`(${sql.raw(table)}.created_at, ${sql.raw(table)}.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`;
}

/** ISO text of a timestamptz column, exactly as the cursor carries it (UTC, milliseconds). */
export const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Splits limit+1 fetched rows into a page and the next cursor. */
export function toPage<R extends Keyset, T>(rows: R[], limit: number, map: (row: R) => T): { items: T[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page[page.length - 1];
  return { items: page.map(map), nextCursor: more && last ? encodeCursor(last) : null };
}

/** Both drivers answer `execute` with { rows }. */
export async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}
