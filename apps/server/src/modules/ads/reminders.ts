import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notify } from '../../lib/notifications/notify';
import { emailLink, emailText, toLanguage } from '../../lib/emails';
import { rowsOf } from '../../lib/keyset';

declare module '../../plugins/queue' {
  interface JobKinds {
    /** Hourly: emails the owners of ads that close in 7 days or in 1 day (data unused). */
    'ad-expiry-reminders': Record<string, never>;
  }
}

/** Ads handled per transaction: a long backlog (after an outage) goes in several short ones. */
const BATCH = 200;

interface Due {
  id: string;
  userId: string;
  title: string;
  expiresOn: string;
  stage: number;
  email: string;
  fullName: string | null;
  language: string | null;
}

function reminderMail(publicUrl: string, ad: Due) {
  const lang = toLanguage(ad.language);
  const link = emailLink(publicUrl, `/ads/${ad.id}`, lang);
  const when = ad.stage === 2 ? 'tomorrow' : 'week';
  const hello = ad.fullName ? emailText(lang, 'common.hello', { name: ad.fullName }) : emailText(lang, 'common.helloThere');
  return {
    to: ad.email,
    subject: emailText(lang, `adReminder.subject_${when}`, { title: ad.title }),
    text: `${hello}\n\n${emailText(lang, `adReminder.text_${when}`, { title: ad.title, url: link })}`,
  };
}

/**
 * Finds the ads whose 7-day or 1-day reminder is due (the partial index on expires_at where
 * reminders_sent < 2) and, in one transaction per batch, marks each reminder sent and writes its
 * email job: a reminder is sent once, and exactly when its mark commits. An ad first found with
 * under a day left gets only the 1-day reminder. Unpaid ads and those of suspended or banned owners
 * are not listed, so nobody is reminded of them. Returns how many reminders were queued.
 */
export async function runAdExpiryReminders(app: FastifyInstance, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  let total = 0;
  for (;;) {
    const sent = await app.db.db.transaction(async (tx) => {
      const due = await rowsOf<Due>(
        tx.execute(sql`with due as (
            select a.id, case when a.expires_at <= ${at}::timestamptz + interval '1 day' then 2 else 1 end as stage
            from ads a
            where a.reminders_sent < 2 and a.expires_at > ${at}::timestamptz and a.expires_at <= ${at}::timestamptz + interval '7 days'
              and (a.reminders_sent = 0 or a.expires_at <= ${at}::timestamptz + interval '1 day')
              and not a.awaiting_payment
              and not exists (select 1 from profiles o where o.id = a.user_id and o.role in ('suspended', 'banned'))
            order by a.expires_at
            limit ${BATCH}
            for update of a skip locked
          )
          update ads a set reminders_sent = due.stage from due, users u left join profiles p on p.id = u.id
          where a.id = due.id and u.id = a.user_id
          returning a.id, a.user_id as "userId", a.title, due.stage, u.email, p.full_name as "fullName", p.language,
            to_char(a.expires_at at time zone 'UTC', 'YYYY-MM-DD') as "expiresOn"`),
      );
      for (const ad of due) {
        await app.queue.send(tx as unknown as Db, 'email', reminderMail(app.config.publicUrl, ad));
        // The bell too; the email above is the reminder, so none from notify.
        const data = { listing: 'ad' as const, id: ad.id, title: ad.title, expiresOn: ad.expiresOn };
        await notify(app, tx as unknown as Db, { userId: ad.userId, kind: 'listing_expiring', data }, { email: false });
      }
      return due.length;
    });
    total += sent;
    if (sent < BATCH) return total;
  }
}

/** Registers the job kind and its hourly run (sent only by the instance started with the clock). */
export function defineAdExpiryReminders(app: FastifyInstance) {
  app.queue.define('ad-expiry-reminders', {
    run: async () => void (await runAdExpiryReminders(app)),
    retryLimit: 2,
    expireInSeconds: 300,
    summary: () => 'ad expiry reminders',
  });
  app.queue.every('ad-expiry-reminders', '0 * * * *', {});
}
