import { sql } from 'drizzle-orm';
import { REPORTS_TO_HIDE, type CreateReportBody, type ModerationItem, type Page, type ReportItemType } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { rowsOf } from '../../lib/keyset';
import { findItem } from './items';

type ReportInput = { itemType: ReportItemType; itemId: string; reason: CreateReportBody['reason']; note: string | null };

/**
 * Files one report. The unique index is the "one report per person per item" rule (a second one is a
 * 409, whatever its state). Reports on one item are serialized by a transaction-scoped advisory lock,
 * so the third distinct reporter is counted exactly once and the item is held back in the same commit.
 */
export async function fileReport(db: Db, reporterId: string, input: ReportInput): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await findItem(tx, input.itemType, input.itemId, reporterId);
    if (!item) throw notFound('This item no longer exists.', 'REPORT_ITEM_NOT_FOUND');
    // A company's members (any role) cannot report it: it is their own page.
    if (item.ownerId === reporterId || item.readerIsMember) throw badRequest('You cannot report your own listing.', 'REPORT_OWN_ITEM');
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${input.itemType}:${input.itemId}`}))`);
    const inserted = await rowsOf<{ id: string }>(
      tx.execute(sql`insert into reports (reporter_id, item_type, item_id, owner_id, reason, note)
        values (${reporterId}, ${input.itemType}, ${input.itemId}, ${item.ownerId}, ${input.reason}, ${input.note})
        on conflict (reporter_id, item_type, item_id) do nothing returning id`),
    );
    if (!inserted.length) throw conflict('You have already reported this.', 'ALREADY_REPORTED');
    const [open] = await rowsOf<{ n: number }>(
      tx.execute(sql`select count(distinct reporter_id)::int as n from reports
        where item_type = ${input.itemType} and item_id = ${input.itemId} and status = 'open'`),
    );
    // A company is never held back by reports alone (a hold hides nothing of a company): an admin
    // decides, and suspending it is what hides its page and jobs.
    if ((open?.n ?? 0) >= REPORTS_TO_HIDE && input.itemType !== 'company')
      await tx.execute(sql`insert into moderation_holds (item_type, item_id, owner_id, state)
        values (${input.itemType}, ${input.itemId}, ${item.ownerId}, 'hidden') on conflict do nothing`);
  });
}

/** How many items have open reports: the count on the admin's Moderation tab. */
export async function countOpen(db: Db): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db.execute(sql`select count(*)::int as n from (select 1 from reports where status = 'open' group by item_type, item_id) g`),
  );
  return row?.n ?? 0;
}

interface Cursor {
  at: string;
  key: string;
}
const encode = (c: Cursor) => Buffer.from(JSON.stringify([c.at, c.key])).toString('base64url');
function decode(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && typeof v[0] === 'string' && typeof v[1] === 'string' && !Number.isNaN(Date.parse(v[0])) && v[1].length <= 120)
      return { at: new Date(v[0]).toISOString(), key: v[1] };
  } catch {
    /* falls through */
  }
  throw badRequest('Invalid page cursor. Reload the list and try again.', 'INVALID_CURSOR');
}

type QueueRow = Omit<ModerationItem, 'label'> & { label: string | null; key: string };

/**
 * The moderation queue: items with open reports (or, with status 'removed', the items an admin
 * removed), grouped by item, the most recently reported first. Each group carries its reports'
 * reasons and notes (never the reporters: an admin decides on the content, not on who complained).
 */
export async function listQueue(db: Db, q: { status: 'open' | 'removed'; cursor?: string; limit: number }): Promise<Page<ModerationItem>> {
  const after = decode(q.cursor);
  const groups =
    q.status === 'open'
      ? sql`select r.item_type, r.item_id, r.owner_id, max(r.created_at) as latest from reports r where r.status = 'open' group by 1, 2, 3`
      : sql`select h.item_type, h.item_id, h.owner_id, h.created_at as latest from moderation_holds h where h.state = 'removed'`;
  const rows = await rowsOf<QueueRow>(
    db.execute(sql`with g as (${groups})
      select g.item_type as "itemType", g.item_id as "itemId", g.owner_id as "ownerId", g.item_type || ':' || g.item_id as key,
        to_char(g.latest at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "latestAt",
        coalesce(p.email, '') as "ownerEmail", coalesce(p.full_name, '') as "ownerName", h.state as hold,
        case g.item_type
          when 'job' then (select title from jobs where id::text = g.item_id)
          when 'ad' then (select title from ads where id::text = g.item_id)
          when 'consultant' then (select full_name from consultants where user_id = g.item_id)
          when 'profile' then p.full_name
          when 'message' then (select left(message, 120) from messages where id::text = g.item_id)
          when 'company' then (select name from companies where id::text = g.item_id)
        end as label,
        case when g.item_type = 'company' then (select slug from companies where id::text = g.item_id) end as slug,
        coalesce((select json_agg(json_build_object('reason', r.reason, 'note', r.note,
            'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by r.created_at desc)
          from reports r where r.item_type = g.item_type and r.item_id = g.item_id
            and ${q.status === 'open' ? sql`r.status = 'open'` : sql`true`}), '[]'::json) as reports
      from g
      left join profiles p on p.id = g.owner_id
      left join moderation_holds h on h.item_type = g.item_type and h.item_id = g.item_id
      where ${after ? sql`(g.latest, g.item_type || ':' || g.item_id) < (${after.at}::timestamptz, ${after.key})` : sql`true`}
      order by g.latest desc, key desc
      limit ${q.limit + 1}`),
  );
  const more = rows.length > q.limit;
  const items = rows.slice(0, q.limit);
  const last = items[items.length - 1];
  return {
    // An item deleted since it was reported keeps its group (to dismiss), named as gone.
    items: items.map(({ key: _key, label, ...item }) => ({ ...item, label: label ?? '' })),
    nextCursor: more && last ? encode({ at: last.latestAt, key: last.key }) : null,
  };
}
