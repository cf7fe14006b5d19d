import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { EmailSetting, LanguageCode, NotificationKind } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { emailLink, toLanguage } from '../emails';
import { rowsOf } from '../keyset';
import { EMAILS, LINKS, SETTING_OF, type NotificationData } from './kinds';

export type { NotificationData } from './kinds';

export type NotifyInput = { [K in NotificationKind]: { userId: string; kind: K; data: NotificationData[K] } }[NotificationKind];

/** The unread count a badge shows stops here ("99+"): counting further would read every unread row. */
export const UNREAD_CAP = 100;

/** Whether this person wants the emails of a switch (absent: on, the default of every switch). */
export async function wantsEmail(db: Db, userId: string, setting: EmailSetting): Promise<boolean> {
  const [row] = await rowsOf<{ on: boolean | null }>(
    db.execute(sql`select (emails ->> ${setting})::boolean as on from notification_settings where user_id = ${userId}`),
  );
  return row?.on ?? true;
}

/** The unread count, capped, as the stream and the badge carry it. */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db.execute(sql`select count(*)::int as n from (select 1 from notifications where user_id = ${userId} and read_at is null limit ${UNREAD_CAP}) u`),
  );
  return row?.n ?? 0;
}

/** Tells the person's open tabs the new unread count (in the caller's transaction, sent when it commits). */
export async function publishUnread(app: FastifyInstance, tx: Db, userId: string): Promise<void> {
  await app.realtime.publish(tx, [{ userId, type: 'notifications', data: { unread: await unreadCount(tx, userId) } }]);
}

/**
 * Records a notification for one person inside the caller's transaction (it exists exactly when the
 * event does), tells their open tabs, and queues its email when they want it — all or nothing.
 * Call it from the module where the event happens, e.g.
 * `await notify(app, tx, { userId, kind: 'listing_removed', data: { listing: 'ad', id, title, reason } })`.
 */
export async function notify(
  app: FastifyInstance,
  tx: Db,
  input: NotifyInput,
  /** `email: false` when the caller sends its own, more specific email (expiry reminders, moderation). */
  { email = true }: { email?: boolean } = {},
): Promise<void> {
  const link = (LINKS[input.kind] as (d: NotifyInput['data']) => string)(input.data);
  const data = Object.fromEntries(Object.entries(input.data).map(([k, v]) => [k, String(v)]));
  // New applicants: the job's owner chose each, daily or none; the digest is marked on the row.
  const jobChoice = input.kind === 'new_applicant' ? sql`(select applicant_emails from jobs where id = ${input.data.jobId}::uuid)` : sql`null`;
  const [row] = await rowsOf<{ email: string | null; choice: string | null; language: string | null }>(
    tx.execute(sql`with n as (
        insert into notifications (user_id, kind, data, link, digest_pending)
        select ${input.userId}, ${input.kind}, ${JSON.stringify(data)}::jsonb, ${link}, coalesce(${jobChoice} = 'daily', false)
        where exists (select 1 from users where id = ${input.userId})
        returning user_id)
      select case when u.email_verified then u.email end as email, ${jobChoice} as choice, p.language
      from n join users u on u.id = n.user_id left join profiles p on p.id = n.user_id`),
  );
  // The person's account is gone (deleted meanwhile): nothing to tell. An address never confirmed
  // (decision 0041) gets the notification in the app but no email.
  if (!row) return;
  await publishUnread(app, tx, input.userId);

  const build = EMAILS[input.kind] as ((d: NotifyInput['data'], url: string, lang: LanguageCode) => { subject: string; text: string }) | undefined;
  if (!build || !row.email || !email) return;
  const setting = SETTING_OF[input.kind];
  const wanted = setting ? await wantsEmail(tx, input.userId, setting) : row.choice === 'each';
  if (!wanted) return;
  const language = toLanguage(row.language);
  const mail = build(input.data, emailLink(app.config.publicUrl, link, language), language);
  await app.queue.send(tx, 'email', { to: row.email, ...mail });
}
