import { sql } from 'drizzle-orm';
import type { DirectoryUser } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { rowsOf } from '../../lib/keyset';

/** Position in the name-ordered list: the lower-cased name and the id that breaks ties. */
type NameCursor = { name: string; id: string };

function encodeNameCursor(c: NameCursor): string {
  return Buffer.from(JSON.stringify([c.name, c.id])).toString('base64url');
}

function decodeNameCursor(cursor: string | undefined): NameCursor | null {
  if (!cursor) return null;
  const invalid = () => badRequest('Invalid page cursor. Reload the list and try again.', 'INVALID_CURSOR');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') return { name: value[0], id: value[1] };
  } catch {
    // falls through
  }
  throw invalid();
}

/** LIKE's own wildcards in a search term are matched literally. */
const likeContains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Other people by name (case-insensitive substring through the trigram index on full_name),
 * alphabetical, a page at a time; the caller is never among them.
 */
export async function searchUsers(db: Db, callerId: string, q: string | undefined, cursor: string | undefined, limit: number) {
  const after = decodeNameCursor(cursor);
  const term = q?.trim();
  const rows = await rowsOf<DirectoryUser & { sortName: string }>(
    db.execute(sql`select id, full_name as "fullName", avatar_url as "avatarUrl", role, lower(full_name) as "sortName"
      from profiles
      where id <> ${callerId}
        and ${term ? sql`full_name ilike ${likeContains(term)}` : sql`true`}
        and ${after ? sql`(lower(full_name), id) > (${after.name}, ${after.id})` : sql`true`}
      order by lower(full_name), id
      limit ${limit + 1}`),
  );
  const more = rows.length > limit;
  const items = (more ? rows.slice(0, limit) : rows).map(({ sortName: _s, ...user }) => user);
  const last = rows[limit - 1];
  return { items, nextCursor: more && last ? encodeNameCursor({ name: last.sortName, id: last.id }) : null };
}
