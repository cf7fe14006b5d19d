import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EMAIL_SETTINGS, type ApplicantEmails, type EmailSettings, type EmailSettingsBody, type Notification } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { onJob } from '../../lib/company-access';
import { afterCursor, decodeCursor, isoText, rowsOf, toPage, type Keyset } from '../../lib/keyset';
import { publishUnread, unreadCount } from '../../lib/notifications/notify';

interface Row extends Keyset {
  kind: Notification['kind'];
  data: Record<string, string>;
  link: string;
  read: boolean;
}

/** The person's own notifications, newest first (keyset pages on the (user_id, created_at, id) index). */
export async function listNotifications(db: Db, userId: string, cursor: string | undefined, limit: number) {
  const rows = await rowsOf<Row>(
    db.execute(sql`select n.id, ${sql.raw(isoText('n.created_at'))} as "createdAt", n.kind, n.data, n.link, n.read_at is not null as read
      from notifications n where n.user_id = ${userId} and ${afterCursor('n', decodeCursor(cursor))}
      order by n.created_at desc, n.id desc limit ${limit + 1}`),
  );
  return toPage(rows, limit, (r): Notification => ({ id: r.id, kind: r.kind, data: r.data, link: r.link, read: r.read, createdAt: r.createdAt }));
}

/** Marks one of the person's own notifications read; anyone else's is "not found". */
export async function markRead(app: FastifyInstance, userId: string, id: string): Promise<number> {
  if (!isUuid(id)) throw notFound('Notification not found.', 'NOTIFICATION_NOT_FOUND');
  return app.db.db.transaction(async (tx) => {
    const [found] = await rowsOf<{ changed: boolean; mine: boolean }>(
      tx.execute(sql`with u as (update notifications set read_at = now() where id = ${id} and user_id = ${userId} and read_at is null returning 1)
        select exists(select 1 from u) as changed, exists(select 1 from notifications where id = ${id} and user_id = ${userId}) as mine`),
    );
    if (!found?.mine) throw notFound('Notification not found.', 'NOTIFICATION_NOT_FOUND');
    if (found.changed) await publishUnread(app, tx, userId);
    return unreadCount(tx, userId);
  });
}

export async function markAllRead(app: FastifyInstance, userId: string): Promise<number> {
  return app.db.db.transaction(async (tx) => {
    await tx.execute(sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null`);
    await publishUnread(app, tx, userId);
    return 0;
  });
}

const withDefaults = (stored: Record<string, unknown> | undefined): EmailSettings =>
  Object.fromEntries(EMAIL_SETTINGS.map((k) => [k, typeof stored?.[k] === 'boolean' ? stored[k] : true])) as EmailSettings;

export async function getEmailSettings(db: Db, userId: string): Promise<EmailSettings> {
  const [row] = await rowsOf<{ emails: Record<string, unknown> }>(db.execute(sql`select emails from notification_settings where user_id = ${userId}`));
  return withDefaults(row?.emails);
}

/** Sets only the switches given (the body is strict: no unknown key reaches the row). */
export async function setEmailSettings(db: Db, userId: string, change: EmailSettingsBody): Promise<EmailSettings> {
  const [row] = await rowsOf<{ emails: Record<string, unknown> }>(
    db.execute(sql`insert into notification_settings (user_id, emails) values (${userId}, ${JSON.stringify(change)}::jsonb)
      on conflict (user_id) do update set emails = notification_settings.emails || excluded.emails
      returning emails`),
  );
  return withDefaults(row?.emails);
}

/** The job's owner (or nobody: another's job is "not found") reads or sets its new-applicant emails. */
export async function getApplicantEmails(db: Db, jobId: string, ownerId: string): Promise<ApplicantEmails> {
  if (!isUuid(jobId)) throw notFound('Job not found.', 'JOB_NOT_FOUND');
  const [row] = await rowsOf<{ choice: ApplicantEmails }>(
    db.execute(sql`select applicant_emails as choice from jobs j where j.id = ${jobId} and ${onJob({ id: ownerId }, 'j', 'viewer')}`),
  );
  if (!row) throw notFound('Job not found.', 'JOB_NOT_FOUND');
  return row.choice;
}

export async function setApplicantEmails(db: Db, jobId: string, ownerId: string, choice: ApplicantEmails): Promise<ApplicantEmails> {
  if (!isUuid(jobId)) throw notFound('Job not found.', 'JOB_NOT_FOUND');
  const [row] = await rowsOf<{ choice: ApplicantEmails }>(
    db.execute(
      sql`update jobs j set applicant_emails = ${choice} where j.id = ${jobId} and ${onJob({ id: ownerId }, 'j', 'recruiter')} returning j.applicant_emails as choice`,
    ),
  );
  if (!row) throw notFound('Job not found.', 'JOB_NOT_FOUND');
  return row.choice;
}
