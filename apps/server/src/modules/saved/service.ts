import { sql } from 'drizzle-orm';
import type { SavedItem, SavedKind, SavedPage } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { PUBLICLY_LISTED } from '../../lib/job-list-query';
import { decodeCursor, isoText, rowsOf, toPage } from '../../lib/keyset';

/** A Saved list longer than this is a script, not a person: the next save is refused. */
export const SAVED_MAX = 1000;

const NOT_FOUND: Record<SavedKind, [string, string]> = {
  job: ['Job not found.', 'JOB_NOT_FOUND'],
  ad: ['Ad not found.', 'AD_NOT_FOUND'],
};

/** What anyone may open: the same rules as the jobs and ads lists (paid, owner in good standing). */
const AD_LISTED = sql.raw(`not a.awaiting_payment and not exists (select 1 from profiles o where o.id = a.user_id and o.role in ('suspended', 'banned'))`);

/** The item's title if the caller may see it: listed for everyone, or their own. */
async function visibleTitle(db: Db, userId: string, kind: SavedKind, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const query =
    kind === 'job'
      ? sql`select j.title from jobs j where j.id = ${id} and (${PUBLICLY_LISTED} or j.user_id = ${userId})`
      : sql`select a.title from ads a where a.id = ${id} and (${AD_LISTED} or a.user_id = ${userId})`;
  const [row] = await rowsOf<{ title: string }>(db.execute(query));
  return row?.title ?? null;
}

/** Saves a job or ad for the caller; saving it again keeps the first date. */
export async function saveItem(db: Db, userId: string, kind: SavedKind, id: string): Promise<void> {
  const title = await visibleTitle(db, userId, kind, id);
  if (title === null) throw notFound(...NOT_FOUND[kind]);
  // One statement: the count and the insert see the same rows, so two saves at once cannot pass the cap together by much.
  const rows = await rowsOf<{ inserted: boolean }>(
    db.execute(sql`insert into saved_items (user_id, kind, item_id, title)
      select ${userId}, ${kind}, ${id}::uuid, ${title}
      where (select count(*) from saved_items where user_id = ${userId}) < ${SAVED_MAX}
         or exists (select 1 from saved_items where user_id = ${userId} and kind = ${kind} and item_id = ${id}::uuid)
      on conflict (user_id, kind, item_id) do update set title = excluded.title
      returning true as inserted`),
  );
  if (rows.length === 0) throw conflict(`You can save at most ${SAVED_MAX} items. Remove some first.`, 'SAVED_LIMIT');
}

/** Removes one saved item of the caller's; removing one not saved is not an error (a second tap, an undo). */
export async function unsaveItem(db: Db, userId: string, kind: SavedKind, id: string): Promise<void> {
  if (!isUuid(id)) return;
  await db.execute(sql`delete from saved_items where user_id = ${userId} and kind = ${kind} and item_id = ${id}::uuid`);
}

/** Which of these ids the caller saved (the hearts of one page of cards). */
export async function savedAmong(db: Db, userId: string, kind: SavedKind, ids: string[]): Promise<string[]> {
  const valid = ids.filter(isUuid).slice(0, 50);
  if (valid.length === 0) return [];
  const rows = await rowsOf<{ id: string }>(
    db.execute(sql`select item_id::text as id from saved_items where user_id = ${userId} and kind = ${kind}
      and item_id in (${sql.join(
        valid.map((v) => sql`${v}::uuid`),
        sql`, `,
      )})`),
  );
  return rows.map((r) => r.id);
}

interface SavedRow {
  kind: SavedKind;
  id: string;
  createdAt: string;
  title: string;
  detail: string;
  gone: 'deleted' | 'hidden' | null;
}

/** The caller's saved items, newest saved first, keyset-paginated on (created_at, item_id). */
export async function listSaved(db: Db, userId: string, input: { cursor?: string; limit: number }): Promise<SavedPage> {
  const after = decodeCursor(input.cursor);
  const cursor = after ? sql`and (s.created_at, s.item_id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``;
  const rows = await rowsOf<SavedRow>(
    db.execute(sql`select s.kind, s.item_id::text as id, ${sql.raw(isoText('s.created_at'))} as "createdAt",
        coalesce(j.title, a.title, s.title) as title,
        case when j.id is not null then j.company || ', ' || j.country when a.id is not null then coalesce(c.name, '') else '' end as detail,
        case
          when s.kind = 'job' and j.id is null then 'deleted'
          when s.kind = 'ad' and a.id is null then 'deleted'
          when s.kind = 'job' and not (${PUBLICLY_LISTED} or j.user_id = ${userId}) then 'hidden'
          when s.kind = 'ad' and not (${AD_LISTED} or a.user_id = ${userId}) then 'hidden'
        end as gone
      from (select * from saved_items s where s.user_id = ${userId} ${cursor}
            order by s.created_at desc, s.item_id desc limit ${input.limit + 1}) s
      left join jobs j on s.kind = 'job' and j.id = s.item_id
      left join ads a on s.kind = 'ad' and a.id = s.item_id
      left join ad_categories c on c.id = a.category_id
      order by s.created_at desc, s.item_id desc`),
  );
  return toPage(rows, input.limit, (r): SavedItem => ({ kind: r.kind, id: r.id, title: r.title, detail: r.detail, savedAt: r.createdAt, gone: r.gone }));
}
