import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { JOB_REMINDER_DAYS } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { jobTeamRecipients } from '../../lib/company-access';
import { emailLink, emailText, longDate, toLanguage } from '../../lib/emails';
import { rowsOf } from '../../lib/keyset';
import type { Mail } from '../../lib/mailer';
import { notify } from '../../lib/notifications/notify';

declare module '../../plugins/queue' {
  interface JobKinds {
    /** Hourly: queues the closing reminders now due (7 days and 1 day before a job closes). */
    'job-expiry-reminders': Record<string, never>;
  }
}

/** At most this many reminders per kind and run; the next run takes the rest. */
const BATCH = 500;

interface Due {
  id: string;
  userId: string;
  title: string;
  expiresAt: string;
  email: string;
  name: string;
  language: string | null;
}

function reminderMail(due: Due, days: number, publicUrl: string): Mail {
  const lang = toLanguage(due.language);
  const link = emailLink(publicUrl, '/employer/dashboard', lang);
  const hello = due.name ? emailText(lang, 'common.hello', { name: due.name }) : emailText(lang, 'common.helloPlain');
  return {
    to: due.email,
    subject:
      days === 1
        ? emailText(lang, 'jobReminder.subject_tomorrow', { title: due.title })
        : emailText(lang, 'jobReminder.subject_days', { title: due.title, count: days }),
    text: `${hello}\n\n${emailText(lang, 'jobReminder.text', { title: due.title, date: longDate(lang, due.expiresAt), url: link })}`,
  };
}

/**
 * Queues the reminders due at `now`, each once: one transaction per kind marks the due jobs and
 * writes one email job per job, so a reminder is sent exactly when it is marked. The 1-day reminder
 * goes first and also marks the 7-day one, so a job posted (or renewed) with less than a day left
 * gets only the 1-day one. Jobs that nobody sees (unpaid, owner suspended or banned) get none. A
 * poster since removed from the job's company hears nothing; its owners hear instead (jobTeamRecipients).
 * One email and bell per person told: `userId` below is theirs, not the poster's.
 * Found through jobs_expires_at_idx: a range of closing dates. Returns how many were queued.
 */
export async function runJobExpiryReminders(app: FastifyInstance, now: Date = new Date()): Promise<number> {
  const db: Db = app.db.db;
  let queued = 0;
  for (const days of [...JOB_REMINDER_DAYS].sort((a, b) => a - b)) {
    const column = sql.raw(days === 1 ? 'reminded_1d_at' : 'reminded_7d_at');
    const alsoMark = days === 1 ? sql.raw(', reminded_7d_at = coalesce(j.reminded_7d_at, u.at)') : sql.raw('');
    const at = sql`${now.toISOString()}::timestamptz`;
    queued += await db.transaction(async (tx) => {
      const due = await rowsOf<Due>(
        tx.execute(sql`with d as (
            select j.id from jobs j
            where j.expires_at > ${at} and j.expires_at <= ${at} + ${`${days} days`}::interval and j.${column} is null and j.paid
              and not exists (select 1 from profiles o where o.id = j.user_id and o.role in ('suspended', 'banned'))
            order by j.expires_at limit ${BATCH} for update of j skip locked
          ), u as (select ${at} as at), m as (
            update jobs j set ${column} = u.at${alsoMark} from d, u where j.id = d.id
            returning j.id, j.company_id, j.user_id, j.title, j.expires_at)
          select m.id, r.user_id as "userId", m.title, to_char(m.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "expiresAt",
            us.email, coalesce(p.full_name, '') as name, p.language
          from m cross join lateral ${jobTeamRecipients('m', 'm.user_id')} r
          join users us on us.id = r.user_id left join profiles p on p.id = r.user_id`),
      );
      // Every due job is marked; told to its poster on the job's company's team, or else its owners (decision 0076).
      for (const row of due) {
        await app.queue.send(tx, 'email', reminderMail(row, days, app.config.publicUrl));
        // The bell too; the email above is the reminder, so none from notify.
        const data = { listing: 'job' as const, id: row.id, title: row.title, expiresOn: row.expiresAt.slice(0, 10) };
        await notify(app, tx, { userId: row.userId, kind: 'listing_expiring', data }, { email: false });
      }
      return due.length;
    });
  }
  return queued;
}

/** Registers the kind and its hourly run (sent only by the instance started with the clock). */
export function defineJobExpiryReminders(app: FastifyInstance) {
  app.queue.define('job-expiry-reminders', {
    run: async () => {
      await runJobExpiryReminders(app);
    },
    retryLimit: 2,
    expireInSeconds: 300,
    summary: () => 'job closing reminders',
  });
  app.queue.every('job-expiry-reminders', '17 * * * *', {});
}
