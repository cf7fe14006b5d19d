import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailLink, emailPlural, emailText, toLanguage } from '../../lib/emails';
import { rowsOf } from '../../lib/keyset';
import { blockedSql, visibleUnreadSql } from '../../lib/moderation';

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
      const jobs = await rowsOf<{ jobId: string; jobTitle: string; n: number; email: string; language: string | null }>(
        tx.execute(sql`with d as (
            update notifications set digest_pending = false where user_id = ${userId} and digest_pending returning data)
          select d.data ->> 'jobId' as "jobId", max(d.data ->> 'jobTitle') as "jobTitle", count(*)::int as n, max(u.email) filter (where u.email_verified) as email,
            (select language from profiles where id = ${userId}) as language
          from d join users u on u.id = ${userId} group by d.data ->> 'jobId' order by 2`),
      );
      // Emails go only to confirmed addresses (decision 0041).
      if (!jobs.length || !jobs[0]!.email) return;
      const lang = toLanguage(jobs[0]!.language);
      const lines = jobs.map((j) =>
        emailPlural(lang, 'digest.applicants.line', j.n, { title: j.jobTitle, url: emailLink(app.config.publicUrl, `/employer/applicants/${j.jobId}`, lang) }),
      );
      const total = jobs.reduce((s, j) => s + j.n, 0);
      await app.queue.send(tx, 'email', {
        to: jobs[0]!.email,
        subject: emailPlural(lang, 'digest.applicants.subject', total),
        text: `${emailText(lang, 'digest.applicants.intro')}\n\n${lines.join('\n')}`,
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
      -- Only what the inbox would show as unread: held messages and blocked senders are left out.
      where c.unread_count > 0 and ${visibleUnreadSql('c')} > 0 and not ${blockedSql(sql`c.user_id`, sql`c.other_id`)}
        and c.last_message_at > ${now.toISOString()}::timestamptz - ${RECENT}::interval
        and (s.last_seen_at is null or (s.last_seen_at < ${awaySince}::timestamptz and c.last_message_at > s.last_seen_at))
        and (c.emailed_at is null or (c.emailed_at < ${dayAgo}::timestamptz and c.last_message_at > c.emailed_at))
        and coalesce((s.emails ->> 'messages')::boolean, true)
      limit 5000`),
  );
  let sent = 0;
  for (const { userId } of due) {
    await db.transaction(async (tx) => {
      // The same conditions again, now locking the rows: two runs at once email nobody twice.
      const rows = await rowsOf<{ name: string | null; email: string; language: string | null }>(
        tx.execute(sql`with c as (
            update conversations c set emailed_at = ${now.toISOString()}::timestamptz
            from (select c2.user_id, c2.other_id from conversations c2
              left join notification_settings s on s.user_id = c2.user_id
              where c2.user_id = ${userId} and c2.unread_count > 0 and ${visibleUnreadSql('c2')} > 0 and not ${blockedSql(sql`c2.user_id`, sql`c2.other_id`)}
                and c2.last_message_at > ${now.toISOString()}::timestamptz - ${RECENT}::interval
                and (s.last_seen_at is null or (s.last_seen_at < ${awaySince}::timestamptz and c2.last_message_at > s.last_seen_at))
                and (c2.emailed_at is null or (c2.emailed_at < ${dayAgo}::timestamptz and c2.last_message_at > c2.emailed_at))
              for update of c2) due
            where c.user_id = due.user_id and c.other_id = due.other_id
            returning c.other_id)
          select nullif(p.full_name, '') as name, u.email, (select language from profiles where id = ${userId}) as language
          from c left join profiles p on p.id = c.other_id join users u on u.id = ${userId} and u.email_verified
          order by 1 nulls last`),
      );
      if (!rows.length) return;
      const lang = toLanguage(rows[0]!.language);
      const names = rows.map((r) => r.name ?? emailText(lang, 'common.someone'));
      await app.queue.send(tx, 'email', {
        to: rows[0]!.email,
        subject: emailPlural(lang, 'digest.messages.subject', names.length, { name: names[0]! }),
        text: emailText(lang, 'digest.messages.text', { names: names.map((n) => `- ${n}`).join('\n'), url: emailLink(app.config.publicUrl, '/inbox', lang) }),
      });
      sent++;
    });
  }
  return sent;
}
