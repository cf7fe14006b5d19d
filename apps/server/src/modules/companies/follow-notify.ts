import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailLink, emailText, toLanguage } from '../../lib/emails';
import { PUBLICLY_LISTED } from '../../lib/job-list-query';
import { rowsOf } from '../../lib/keyset';
import type { Mail } from '../../lib/mailer';
import { notify } from '../../lib/notifications/notify';

declare module '../../plugins/queue' {
  interface JobKinds {
    /** A job became public: its company's followers hear of it (bell, and email for those who chose it). */
    'company-followers-new-job': { jobId: string };
  }
}

/**
 * The token of a follow email's unsubscribe address: an HMAC of the follower and the company under
 * the server's secret, as the alerts' links are (modules/alerts/tokens.ts). It turns off that one
 * follow's emails and nothing else; nothing is stored.
 */
export function followEmailToken(secret: string, userId: string, companyId: string): string {
  return createHmac('sha256', secret).update(`company-follow:unsubscribe:${userId}:${companyId}`).digest('base64url');
}

export function followEmailTokenValid(secret: string, userId: string, companyId: string, token: string): boolean {
  const expected = Buffer.from(followEmailToken(secret, userId, companyId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const followUnsubscribePath = (secret: string, userId: string, companyId: string) =>
  `/companies/unsubscribe/${userId}/${companyId}/${followEmailToken(secret, userId, companyId)}`;

/** Turns off the emails of one follow (the follow and its bell notifications stay). */
export async function stopFollowEmails(db: Db, userId: string, companyId: string): Promise<void> {
  await db.execute(sql`update company_follows set email = false where user_id = ${userId} and company_id = ${companyId}`);
}

interface Follower {
  userId: string;
  email: boolean;
  to: string | null;
  language: string | null;
}

/**
 * Tells a public job's company's followers: a bell notification each, and an email to those who chose
 * it (with a confirmed address), in their language, with RFC 8058 one-click unsubscribe as alert
 * emails have. The company's own team and suspended or banned people are skipped. One transaction:
 * a retry after a failure sends nothing twice. Returns how many were told.
 */
export async function notifyFollowers(app: FastifyInstance, jobId: string): Promise<number> {
  return app.db.db.transaction(async (tx) => {
    const [job] = await rowsOf<{ id: string; title: string; companyId: string; companyName: string; companySlug: string }>(
      tx.execute(sql`select j.id, j.title, j.company_id as "companyId", c.name as "companyName", c.slug as "companySlug"
        from jobs j join companies c on c.id = j.company_id
        where j.id = ${jobId} and ${PUBLICLY_LISTED} and j.expires_at > now()`),
    );
    if (!job) return 0;
    const followers = await rowsOf<Follower>(
      tx.execute(sql`select f.user_id as "userId", f.email, case when u.email_verified then u.email end as "to", p.language
        from company_follows f join users u on u.id = f.user_id left join profiles p on p.id = f.user_id
        where f.company_id = ${job.companyId}
          and coalesce(p.role, '') not in ('suspended', 'banned')
          and not exists (select 1 from company_members m where m.company_id = f.company_id and m.user_id = f.user_id)
        order by f.user_id`),
    );
    for (const f of followers) {
      await notify(
        app,
        tx as Db,
        { userId: f.userId, kind: 'company_job', data: { jobId: job.id, jobTitle: job.title, companyName: job.companyName } },
        { email: false },
      );
      if (f.email && f.to) await app.queue.send(tx as Db, 'email', followerMail(app, f, job));
    }
    return followers.length;
  });
}

function followerMail(
  app: FastifyInstance,
  f: Follower,
  job: { id: string; title: string; companyId: string; companyName: string; companySlug: string },
): Mail {
  const lang = toLanguage(f.language);
  const { publicUrl, authSecret } = app.config;
  const unsubscribePath = followUnsubscribePath(authSecret, f.userId, job.companyId);
  return {
    to: f.to!,
    subject: emailText(lang, 'companyJob.subject', { company: job.companyName, jobTitle: job.title }),
    text: emailText(lang, 'companyJob.text', {
      company: job.companyName,
      jobTitle: job.title,
      url: emailLink(publicUrl, `/jobs/${job.id}`, lang),
      companyUrl: emailLink(publicUrl, `/companies/${job.companySlug}`, lang),
    }),
    // RFC 8058: the mail app's own unsubscribe button POSTs here, with no cookie (page-forms.ts).
    headers: { 'List-Unsubscribe': `<${publicUrl.replace(/\/+$/, '')}${unsubscribePath}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

export function defineFollowerNotices(app: FastifyInstance) {
  app.queue.define('company-followers-new-job', {
    run: async ({ jobId }) => {
      await notifyFollowers(app, jobId);
    },
    retryLimit: 3,
    expireInSeconds: 300,
    summary: ({ jobId }) => `followers of the company of job ${jobId}`,
  });
}
