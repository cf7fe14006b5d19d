import { sql } from 'drizzle-orm';
import {
  alertFilters,
  type Alert,
  type AlertFilters,
  type AlertFrequency,
  type AlertPage,
  type LanguageCode,
  type UpdateAlertBody,
} from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { decodeCursor, isoText, rowsOf, toPage } from '../../lib/keyset';

export const ALERT_NOT_FOUND = 'Alert not found.';
/** A person with more alerts than this is a script: the next one is refused. */
export const ALERTS_MAX = 20;
/** A guest subscription not confirmed within this is deleted by the next run. */
export const UNCONFIRMED_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const DAY = 24 * 60 * 60 * 1000;
/**
 * A run at 10:00:02 sets the next one to 10:00:02 tomorrow; the run at 10:00:00 tomorrow must
 * still find it due, so an alert's period is counted this much short.
 */
const SLACK_MS = 10 * 60 * 1000;
/** From one email (or the alert's creation) to when the next is due. */
export const frequencyMs = (f: AlertFrequency) => (f === 'weekly' ? 7 * DAY : DAY) - SLACK_MS;

interface AlertRow {
  id: string;
  name: string;
  frequency: AlertFrequency;
  paused: boolean;
  filters: unknown;
  createdAt: string;
  lastSentAt: string;
}

/** Stored filters as the list reads them today: a filter since dropped from the list is ignored, not an error. */
export function storedFilters(value: unknown): AlertFilters {
  const parsed = alertFilters.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

/** Empty values are no filter; what is kept is the list's own validated object. */
export function cleanFilters(filters: AlertFilters): AlertFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== '')) as AlertFilters;
}

/** A name people recognise in their inbox: the search's words, or "All jobs". */
export function defaultAlertName(filters: AlertFilters): string {
  const words = Object.values(cleanFilters(filters))
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .join(', ');
  return (words || 'All jobs').slice(0, 100);
}

const toAlert = (r: AlertRow): Alert => ({ ...r, filters: storedFilters(r.filters) });
const COLUMNS = sql.raw(`id, name, frequency, paused, filters, ${isoText('created_at')} as "createdAt", ${isoText('last_sent_at')} as "lastSentAt"`);

export async function createMemberAlert(
  db: Db,
  userId: string,
  input: { name?: string; frequency: AlertFrequency; filters: AlertFilters },
  now = new Date(),
): Promise<Alert> {
  const filters = cleanFilters(input.filters);
  const name = input.name ?? defaultAlertName(filters);
  const next = new Date(now.getTime() + frequencyMs(input.frequency));
  // The cap and the insert in one statement, as for saved items.
  const [row] = await rowsOf<AlertRow>(
    db.execute(sql`insert into job_alerts (user_id, name, filters, frequency, confirmed_at, last_sent_at, next_due_at, created_at)
      select ${userId}, ${name}, ${JSON.stringify(filters)}::jsonb, ${input.frequency}, ${now.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz, ${next.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      where (select count(*) from job_alerts where user_id = ${userId}) < ${ALERTS_MAX}
      returning ${COLUMNS}`),
  );
  if (!row) throw conflict(`You can have at most ${ALERTS_MAX} job alerts. Delete one first.`, 'ALERTS_LIMIT');
  return toAlert(row);
}

/**
 * A guest's subscription: stored unconfirmed (nothing is sent but the confirmation). The caller
 * writes the confirmation email in the same transaction.
 */
export async function createGuestAlert(
  db: Db,
  email: string,
  input: { name?: string; frequency: AlertFrequency; filters: AlertFilters; language?: LanguageCode },
  now = new Date(),
): Promise<{ id: string; name: string } | null> {
  const filters = cleanFilters(input.filters);
  const name = input.name ?? defaultAlertName(filters);
  // Pending confirmations per address are capped, so the form cannot be used to flood someone's inbox.
  const [row] = await rowsOf<{ id: string; name: string }>(
    db.execute(sql`insert into job_alerts (email, name, filters, frequency, next_due_at, created_at, last_sent_at, language)
      select ${email}, ${name}, ${JSON.stringify(filters)}::jsonb, ${input.frequency}, ${now.toISOString()}::timestamptz,
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz, ${input.language ?? 'en'}
      where (select count(*) from job_alerts where email = ${email}) < ${ALERTS_MAX}
      returning id, name`),
  );
  return row ?? null;
}

/** The caller's alerts, newest first. */
export async function listAlerts(db: Db, userId: string, input: { cursor?: string; limit: number }): Promise<AlertPage> {
  const after = decodeCursor(input.cursor);
  const cursor = after ? sql`and (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``;
  const rows = await rowsOf<AlertRow>(
    db.execute(sql`select ${COLUMNS} from job_alerts where user_id = ${userId} ${cursor}
      order by created_at desc, id desc limit ${input.limit + 1}`),
  );
  return toPage(rows, input.limit, toAlert);
}

/** Changes one of the caller's alerts (ownership in the WHERE: another person's is "not found"). */
export async function updateAlert(db: Db, userId: string, id: string, changes: UpdateAlertBody, now = new Date()): Promise<Alert> {
  if (!isUuid(id)) throw notFound(ALERT_NOT_FOUND, 'ALERT_NOT_FOUND');
  const sets = [];
  if (changes.name !== undefined) sets.push(sql`name = ${changes.name}`);
  if (changes.paused !== undefined) sets.push(sql`paused = ${changes.paused}`);
  if (changes.frequency !== undefined) {
    sets.push(sql`frequency = ${changes.frequency}`);
    // The next email comes one new period after the last one, or now if that is already past.
    sets.push(sql`next_due_at = greatest(last_sent_at + ${`${frequencyMs(changes.frequency) / 1000} seconds`}::interval, ${now.toISOString()}::timestamptz)`);
  }
  // Resuming a paused alert does not send what was posted while it was paused all at once.
  if (changes.paused === false) sets.push(sql`last_sent_at = case when paused then ${now.toISOString()}::timestamptz else last_sent_at end`);
  const [row] = await rowsOf<AlertRow>(
    db.execute(sql`update job_alerts set ${sql.join(sets, sql`, `)} where id = ${id} and user_id = ${userId} returning ${COLUMNS}`),
  );
  if (!row) throw notFound(ALERT_NOT_FOUND, 'ALERT_NOT_FOUND');
  return toAlert(row);
}

export async function deleteAlert(db: Db, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(ALERT_NOT_FOUND, 'ALERT_NOT_FOUND');
  const rows = await rowsOf<{ id: string }>(db.execute(sql`delete from job_alerts where id = ${id} and user_id = ${userId} returning id`));
  if (rows.length === 0) throw notFound(ALERT_NOT_FOUND, 'ALERT_NOT_FOUND');
}

/** Confirms a guest's subscription (the token was checked by the caller); its first email covers jobs posted from now. */
export async function confirmAlert(db: Db, id: string, now = new Date()): Promise<{ name: string } | null> {
  const [row] = await rowsOf<{ name: string }>(
    db.execute(sql`update job_alerts set
        confirmed_at = coalesce(confirmed_at, ${now.toISOString()}::timestamptz),
        last_sent_at = case when confirmed_at is null then ${now.toISOString()}::timestamptz else last_sent_at end,
        next_due_at = case when confirmed_at is null then ${now.toISOString()}::timestamptz
          + (case frequency when 'weekly' then ${`${frequencyMs('weekly') / 1000} seconds`}::interval else ${`${frequencyMs('daily') / 1000} seconds`}::interval end)
          else next_due_at end
      where id = ${id} returning name`),
  );
  return row ?? null;
}

/** Deletes the alert an unsubscribe link names (the token was checked by the caller). */
export async function unsubscribeAlert(db: Db, id: string): Promise<{ name: string } | null> {
  const [row] = await rowsOf<{ name: string }>(db.execute(sql`delete from job_alerts where id = ${id} returning name`));
  return row ?? null;
}

export async function alertName(db: Db, id: string): Promise<string | null> {
  const [row] = await rowsOf<{ name: string }>(db.execute(sql`select name from job_alerts where id = ${id}`));
  return row?.name ?? null;
}

/** Unconfirmed guest subscriptions older than UNCONFIRMED_TTL_MS: their address never said yes. */
export async function deleteExpiredUnconfirmed(db: Db, now: Date): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    db.execute(
      sql`delete from job_alerts where confirmed_at is null and created_at < ${new Date(now.getTime() - UNCONFIRMED_TTL_MS).toISOString()}::timestamptz returning id`,
    ),
  );
  return rows.length;
}
