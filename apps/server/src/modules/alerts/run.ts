import { sql } from 'drizzle-orm';
import { ALERT_EMAIL_JOBS, type AlertFilters, type AlertFrequency, type LanguageCode } from '@caribconnect/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { jobListPlan, runJobListPlan, type JobFilters, type JobSummaryRow } from '../../lib/job-list-query';
import { emailLink, emailPlural, emailText, toLanguage } from '../../lib/emails';
import { rowsOf } from '../../lib/keyset';
import type { Mail } from '../../lib/mailer';
import { deleteExpiredUnconfirmed, frequencyMs, storedFilters } from './service';
import { alertToken } from './tokens';

/** Alerts per queue job: a job is a few hundred milliseconds of work, retried on its own if it fails. */
export const ALERTS_PER_JOB = 50;
/** Due alerts read per statement while dispatching. */
const DISPATCH_PAGE = 1000;
/** Above every uuid: with the run's instant it makes the list's cursor an upper bound `created_at <= now`. */
const LAST_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

declare module '../../plugins/queue' {
  interface JobKinds {
    /** The hourly pass: finds due alerts and writes one `alerts-send` job per ALERTS_PER_JOB of them. */
    'alerts-run': { at?: string };
    /** Matches and emails these alerts, each in its own transaction. */
    'alerts-send': { ids: string[]; at: string };
  }
}

/**
 * Finds the alerts due at `now` and writes the jobs that send them. It changes no alert: a job
 * written twice (two runs, a retry) finds the alert no longer due and does nothing.
 */
export async function runAlerts(app: FastifyInstance, now = new Date()): Promise<{ alerts: number; jobs: number; expired: number }> {
  const db = app.db.db;
  const expired = await deleteExpiredUnconfirmed(db, now);
  let after: { at: string; id: string } | null = null;
  let alerts = 0;
  let jobs = 0;
  for (;;) {
    const cursor: ReturnType<typeof sql> = after ? sql`and (next_due_at, id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``;
    const rows = await rowsOf<{ id: string; at: string }>(
      db.execute(sql`select id, next_due_at::text as at from job_alerts
        where confirmed_at is not null and not paused and next_due_at <= ${now.toISOString()}::timestamptz ${cursor}
        order by next_due_at, id limit ${DISPATCH_PAGE}`),
    );
    for (let i = 0; i < rows.length; i += ALERTS_PER_JOB) {
      const ids = rows.slice(i, i + ALERTS_PER_JOB).map((r) => r.id);
      await app.queue.send(db, 'alerts-send', { ids, at: now.toISOString() });
      jobs++;
    }
    alerts += rows.length;
    const last = rows[rows.length - 1];
    if (!last || rows.length < DISPATCH_PAGE) break;
    after = { at: last.at, id: last.id };
  }
  return { alerts, jobs, expired };
}

interface DueAlert {
  id: string;
  name: string;
  filters: unknown;
  frequency: AlertFrequency;
  lastSentAt: string;
  to: string | null;
  locked: boolean;
  language: string | null;
}

/** The search an alert stands for, as a link to the jobs list. */
export function searchPath(filters: AlertFilters): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') params.set(k, String(v));
  const q = params.toString();
  return `/jobs${q ? `?${q}` : ''}`;
}

/** New jobs matching an alert: the jobs list's own plan, bounded to (lastSentAt, now], at most `limit` + 1. */
export async function newMatches(db: Db, filters: AlertFilters, lastSentAt: Date, now: Date, limit = ALERT_EMAIL_JOBS): Promise<JobSummaryRow[]> {
  const f: JobFilters = { ...filters, after: { createdAt: now.toISOString(), id: LAST_ID }, createdAfter: lastSentAt, limit };
  return runJobListPlan(jobListPlan(f, now), limit, (q) => rowsOf(db.execute(q)));
}

export function alertMail(
  publicUrl: string,
  secret: string,
  alert: { id: string; name: string; to: string; filters: AlertFilters; language?: LanguageCode },
  rows: JobSummaryRow[],
): Mail {
  const lang = alert.language ?? 'en';
  const shown = rows.slice(0, ALERT_EMAIL_JOBS);
  const unsubscribePath = `/alerts/unsubscribe/${alert.id}/${alertToken(secret, 'unsubscribe', alert.id)}`;
  // The mail app's one-click POST reads no page: its address needs no language.
  const oneClick = `${publicUrl}${unsubscribePath}`;
  const unsubscribe = emailLink(publicUrl, unsubscribePath, lang);
  const lines = shown.map((j) => {
    const where = [j.company, j.country, j.salary].filter(Boolean).join(' · ');
    return `${j.title}\n${where}\n${emailLink(publicUrl, `/jobs/${j.id}`, lang)}`;
  });
  const all = emailLink(publicUrl, searchPath(alert.filters), lang);
  const more = rows.length > ALERT_EMAIL_JOBS ? `\n${emailText(lang, 'alert.more', { url: all })}\n` : '';
  const count = `${shown.length}${rows.length > ALERT_EMAIL_JOBS ? '+' : ''}`;
  return {
    to: alert.to,
    subject: emailText(lang, 'alert.subject', { name: alert.name }),
    text:
      `${emailPlural(lang, 'alert.intro', shown.length, { count, name: alert.name })}\n\n` +
      `${lines.join('\n\n')}\n${more}\n` +
      `${emailText(lang, 'alert.all', { url: all })}\n\n` +
      `${emailText(lang, 'alert.stop', { url: unsubscribe })}\n`,
    // RFC 8058: mail apps show their own unsubscribe button and POST to this address, with no cookie.
    headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Sends the alerts of one job. Each alert is locked, matched, its email job written and its
 * last_sent_at moved in one transaction: after a crash either all of it happened or none, so an
 * alert is never emailed twice for the same jobs. An alert no longer due (already sent by another
 * run, paused, deleted) is skipped.
 */
export async function sendAlerts(app: FastifyInstance, ids: string[], now: Date): Promise<{ sent: number; empty: number }> {
  let sent = 0;
  let empty = 0;
  for (const id of ids) {
    await app.db.db.transaction(async (tx) => {
      const [alert] = await rowsOf<DueAlert>(
        tx.execute(sql`select a.id, a.name, a.filters, a.frequency, a.last_sent_at::text as "lastSentAt",
            case when a.user_id is null then a.email when u.email_verified then u.email end as "to", coalesce(p.role in ('suspended', 'banned'), false) as locked,
            case when a.user_id is null then a.language else p.language end as language
          from job_alerts a left join users u on u.id = a.user_id left join profiles p on p.id = a.user_id
          where a.id = ${id} and a.confirmed_at is not null and not a.paused and a.next_due_at <= ${now.toISOString()}::timestamptz
          for update of a skip locked`),
      );
      if (!alert) return;
      const filters = storedFilters(alert.filters);
      const rows = alert.locked || !alert.to ? [] : await newMatches(tx, filters, new Date(alert.lastSentAt), now);
      if (rows.length > 0) {
        await app.queue.send(
          tx,
          'email',
          alertMail(
            app.config.publicUrl,
            app.config.authSecret,
            { id: alert.id, name: alert.name, to: alert.to!, filters, language: toLanguage(alert.language) },
            rows,
          ),
        );
        sent++;
      } else empty++;
      const next = new Date(now.getTime() + frequencyMs(alert.frequency));
      await tx.execute(sql`update job_alerts set last_sent_at = ${now.toISOString()}::timestamptz, next_due_at = ${next.toISOString()}::timestamptz,
          last_sent_count = ${Math.min(rows.length, ALERT_EMAIL_JOBS)} where id = ${id}`);
    });
    // Between alerts, whatever else waits on the event loop (requests) gets its turn.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { sent, empty };
}
