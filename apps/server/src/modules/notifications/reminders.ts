import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../../lib/keyset';

/** How long someone must have been away before unread messages are emailed. */
export const AWAY_MS = 60 * 60_000;
/** Conversations whose last message is older than this are never emailed about (nor, at deploy, the backlog). */
const RECENT = '7 days';

/**
 * The daily digest of new applicants, for owners of jobs set to "daily": one email per owner listing
 * each job and how many applied since the last digest. Clearing the marks and queuing the email
 * share a transaction, so a person gets each applicant once.
 */
export async function runApplicantDigest(app: FastifyInstance): Promise<number> {
  const db = app.db.db;
  const owners = await rowsOf<{ userId: string }>(db.execute(sql`select distinct user_id as "userId" from notifications where digest_pending`));
  let sent = 0;
  for (const { userId } of owners) {
    await db.transaction(async (tx) => {
      const jobs = await rowsOf<{ jobId: string; jobTitle: string; n: number; email: string }>(
        tx.execute(sql`with d as (
            update notifications set digest_pending = false where user_id = ${userId} and digest_pending returning data)
          select d.data ->> 'jobId' as "jobId", max(d.data ->> 'jobTitle') as "jobTitle", count(*)::int as n, max(u.email) filter (where u.email_verified) as email
          from d join users u on u.id = ${userId} group by d.data ->> 'jobId' order by 2`),
      );
      // Emails go only to confirmed addresses (decision 0041).
      if (!jobs.length || !jobs[0]!.email) return;
      const lines = jobs.map((j) => `${j.jobTitle}: ${j.n} new applicant${j.n === 1 ? '' : 's'} — ${app.config.publicUrl}/employer/applicants/${j.jobId}`);
      const total = jobs.reduce((s, j) => s + j.n, 0);
      await app.queue.send(tx, 'email', {
        to: jobs[0]!.email,
        subject: `${total} new applicant${total === 1 ? '' : 's'} today`,
        text: `New applicants on your jobs since yesterday:\n\n${lines.join('\n')}`,
      });
      sent++;
    });
  }
  return sent;
}

/**
 * Unread messages for people away for an hour: one email per person naming who wrote (never the
 * text), each conversation at most once a day and only for messages newer than the last such email.
 * Honours the "messages" switch. `now` is passed by tests.
 */
export async function runMessageReminders(app: FastifyInstance, now = new Date()): Promise<number> {
  const db = app.db.db;
  const awaySince = new Date(now.getTime() - AWAY_MS).toISOString();
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000).toISOString();
  const due = await rowsOf<{ userId: string }>(
    db.execute(sql`select distinct c.user_id as "userId" from conversations c
      left join notification_settings s on s.user_id = c.user_id
      where c.unread_count > 0 and c.last_message_at > ${now.toISOString()}::timestamptz - ${RECENT}::interval
        and (s.last_seen_at is null or (s.last_seen_at < ${awaySince}::timestamptz and c.last_message_at > s.last_seen_at))
        and (c.emailed_at is null or (c.emailed_at < ${dayAgo}::timestamptz and c.last_message_at > c.emailed_at))
        and coalesce((s.emails ->> 'messages')::boolean, true)
      limit 5000`),
  );
  let sent = 0;
  for (const { userId } of due) {
    await db.transaction(async (tx) => {
      // The same conditions again, now locking the rows: two runs at once email nobody twice.
      const rows = await rowsOf<{ name: string; email: string }>(
        tx.execute(sql`with c as (
            update conversations c set emailed_at = ${now.toISOString()}::timestamptz
            from (select c2.user_id, c2.other_id from conversations c2
              left join notification_settings s on s.user_id = c2.user_id
              where c2.user_id = ${userId} and c2.unread_count > 0
                and c2.last_message_at > ${now.toISOString()}::timestamptz - ${RECENT}::interval
                and (s.last_seen_at is null or (s.last_seen_at < ${awaySince}::timestamptz and c2.last_message_at > s.last_seen_at))
                and (c2.emailed_at is null or (c2.emailed_at < ${dayAgo}::timestamptz and c2.last_message_at > c2.emailed_at))
              for update of c2) due
            where c.user_id = due.user_id and c.other_id = due.other_id
            returning c.other_id)
          select coalesce(nullif(p.full_name, ''), 'Someone') as name, u.email
          from c left join profiles p on p.id = c.other_id join users u on u.id = ${userId} and u.email_verified
          order by 1`),
      );
      if (!rows.length) return;
      const names = rows.map((r) => r.name);
      await app.queue.send(tx, 'email', {
        to: rows[0]!.email,
        subject: names.length === 1 ? `${names[0]} sent you a message` : `${names.length} people sent you messages`,
        text: `You have unread messages on CaribConnect from:\n\n${names.map((n) => `- ${n}`).join('\n')}\n\nRead them: ${app.config.publicUrl}/inbox`,
      });
      sent++;
    });
  }
  return sent;
}
