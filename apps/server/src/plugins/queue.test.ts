import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { Client, signUp } from '../../test/http';
import { setRole } from '../../test/consultants';
import { startSmtpSink, waitFor } from '../../test/smtp';
import { adminAuditLog, profiles } from '../db/schema';
import { buildApp } from '../app';
import { rowsOf } from '../lib/keyset';
import type { Mail } from '../lib/mailer';

const FAST = { retryDelay: 1, expireInSeconds: 2, pollingIntervalSeconds: 0.5 };
const mail = (to: string): Mail => ({ to, subject: `Hello ${to}`, text: 'Body with a secret link' });

/** How many runs of email jobs failed so far, by the app's own metrics. */
async function failedRuns(t: TestApp) {
  const text = await t.app.metrics.registry.metrics();
  return Number(/^queue_job_runs_total\{kind="email",outcome="failed"\} (\d+)/m.exec(text)?.[1] ?? 0);
}

async function jobStates(t: TestApp, to?: string) {
  return rowsOf<{ state: string; to: string }>(
    t.database.db.execute(
      sql`select state, data->>'to' as to from pgboss.job where name = 'email' ${to ? sql`and data->>'to' = ${to}` : sql``} order by created_on`,
    ),
  );
}

describe('the job queue', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink({ refuse: 3 });
    t = await createTestApp({ smtpUrl: sink.url, queueTimings: FAST }, undefined, { startWorkers: false });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('writes a job with the change that causes it: a rollback leaves none, a commit one', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.queue.send(tx, 'email', mail('rolled-back@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobStates(t, 'rolled-back@example.com')).toEqual([]);
    await t.database.db.transaction((tx) => t.app.queue.send(tx, 'email', mail('committed@example.com')));
    expect(await jobStates(t, 'committed@example.com')).toEqual([{ state: 'created', to: 'committed@example.com' }]);
  });

  it('sends through an SMTP server that refuses three times, once, in the end', async () => {
    await t.app.queue.start();
    await waitFor('the email to be accepted', () => sink.accepted.length >= 1, 45_000);
    // A duplicate could only come from a job still to run (created, retried, active or expired and
    // retried): once none is left, none can show up.
    await t.app.queue.drained();
    expect(sink.refused).toBe(3);
    expect(sink.accepted.filter((m) => m.to.includes('committed@example.com'))).toHaveLength(1);
    expect(await jobStates(t, 'committed@example.com')).toEqual([{ state: 'completed', to: 'committed@example.com' }]);
    const metrics = await t.app.metrics.registry.metrics();
    expect(metrics).toContain('queue_job_runs_total{kind="email",outcome="failed"} 3');
    expect(metrics).toContain('queue_job_runs_total{kind="email",outcome="completed"} 1');
    expect(metrics).toContain('emails_total{outcome="failed"} 3');
  });

  it('keeps a job that used every retry for an admin, without its body, and retries it on request', async () => {
    const own = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1', queueTimings: FAST }, undefined, { startWorkers: false });
    try {
      await own.database.db.transaction((tx) => own.app.queue.send(tx, 'email', mail('unreachable@example.com')));
      // Five retries with doubling delays from 1 s: about a minute on a quiet machine. Instead of
      // waiting, the job is marked as having used its retries, then fails once more for real.
      await own.database.db.execute(sql`update pgboss.job set retry_count = retry_limit where data->>'to' = 'unreachable@example.com'`);
      await own.app.queue.start();
      await waitFor('the job to fail', async () => (await own.app.queue.failed()).length === 1, 20_000);
      const [failed] = await own.app.queue.failed();
      expect(failed).toMatchObject({ kind: 'email', attempts: 6, summary: 'unreachable@example.com: Hello unreachable@example.com' });
      expect(failed!.error).toMatch(/ECONNREFUSED|connect/);
      expect(JSON.stringify(failed)).not.toContain('secret link');
      const runs = await failedRuns(own);
      expect(await own.app.queue.retry(failed!.id)).toBe(true);
      // Back in line, it runs again (and, the server still being down, fails again).
      await waitFor('the job to run again', async () => (await failedRuns(own)) > runs, 20_000);
    } finally {
      await own.close();
    }
  });
});

describe('workers', () => {
  it('on two instances never run one job twice', async () => {
    const sink = await startSmtpSink();
    const a = await createTestApp({ smtpUrl: sink.url, queueTimings: FAST }, undefined, { startWorkers: false });
    const b = await buildApp({ config: a.config, database: a.database });
    await b.ready();
    try {
      const addresses = Array.from({ length: 30 }, (_, i) => `person-${i}@example.com`);
      await a.database.db.transaction(async (tx) => {
        for (const to of addresses) await a.app.queue.send(tx, 'email', mail(to));
      });
      await Promise.all([a.app.queue.start(), b.queue.start()]);
      await waitFor('every email', () => sink.accepted.length >= addresses.length, 60_000);
      // Both instances share the job table: with no job left to run, no second send can come.
      await a.app.queue.drained();
      const sent = sink.accepted.map((m) => m.to[0]).sort();
      expect(sent).toEqual([...addresses].sort());
    } finally {
      await b.close();
      await a.close();
      await sink.close();
    }
  });

  it('give a job whose worker died mid-send to another worker', async () => {
    const sink = await startSmtpSink();
    const a = await createTestApp({ smtpUrl: sink.url, queueTimings: FAST }, undefined, { startWorkers: false });
    // Instance A takes the job and never finishes it, as a process killed with -9 would.
    let taken = false;
    a.app.mailer.send = () => {
      taken = true;
      return new Promise<void>(() => {});
    };
    const b = await buildApp({ config: a.config, database: a.database });
    await b.ready();
    try {
      await a.database.db.transaction((tx) => a.app.queue.send(tx, 'email', mail('orphaned@example.com')));
      await a.app.queue.start();
      await waitFor('instance A to take the job', () => taken, 10_000);
      await b.queue.start();
      await waitFor('instance B to send it', () => sink.accepted.length === 1, 45_000);
      expect(sink.accepted[0]!.to).toEqual(['orphaned@example.com']);
    } finally {
      await b.close();
      await a.close().catch(() => {});
      await sink.close();
    }
  });
});

describe('failed jobs in /admin', () => {
  it('are listed and retried by admins only, and the retry is audited', async () => {
    const t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1', queueTimings: FAST }, undefined, { startWorkers: false });
    try {
      await t.database.db.transaction((tx) => t.app.queue.send(tx, 'email', mail('lost@example.com')));
      await t.database.db.execute(sql`update pgboss.job set retry_count = retry_limit where data->>'to' = 'lost@example.com'`);
      await t.app.queue.start();
      await waitFor('the job to fail', async () => (await t.app.queue.failed()).length === 1, 20_000);

      const admin = await signUp(t.app, 'employer');
      await setRole(t.database, admin.user.id, 'admin');
      const employer = await signUp(t.app, 'employer');
      const muted = await signUp(t.app);
      await t.database.db.update(profiles).set({ role: 'muted' }).where(eq(profiles.id, muted.user.id));

      const list = await admin.client.get('/api/admin/queue/failed');
      expect(list.statusCode).toBe(200);
      const [job] = list.json();
      expect(job).toMatchObject({ kind: 'email', attempts: 6, summary: 'lost@example.com: Hello lost@example.com' });
      expect(list.body).not.toContain('secret link');

      for (const [who, client, status] of [
        ['anonymous', new Client(t.app), 401],
        ['employer', employer.client, 403],
        ['muted', muted.client, 403],
      ] as const) {
        expect((await client.get('/api/admin/queue/failed')).statusCode, who).toBe(status);
        expect((await client.post(`/api/admin/queue/${job.id}/retry`)).statusCode, who).toBe(status);
      }
      expect((await t.app.queue.failed()).length).toBe(1);

      expect((await admin.client.post('/api/admin/queue/not-a-uuid/retry')).statusCode).toBe(400);
      const unknown = await admin.client.post('/api/admin/queue/00000000-0000-4000-8000-000000000000/retry');
      expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'QUEUE_JOB_NOT_FOUND']);

      const retried = await admin.client.post(`/api/admin/queue/${job.id}/retry`);
      expect(retried.statusCode, retried.body).toBe(200);
      const audit = await t.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'queue_job_retried'));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorId: admin.user.id, targetId: job.id, targetLabel: 'email: lost@example.com: Hello lost@example.com' });
    } finally {
      await t.close();
    }
  });
});

declare module './queue' {
  interface JobKinds {
    'test-echo': { word: string };
  }
}

describe('job kinds of a module', () => {
  it('run through the same queue once defined, and a kind is defined once', async () => {
    const seen: string[] = [];
    const t = await createTestApp({ queueTimings: FAST }, (app) => {
      app.queue.define('test-echo', { run: async ({ word }) => void seen.push(word), summary: ({ word }) => word });
      expect(() => app.queue.define('test-echo', { run: async () => {} })).toThrow(/defined twice/);
    });
    try {
      await t.app.queue.send(t.database.db, 'test-echo', { word: 'bonjou' });
      await t.app.queue.drained();
      expect(seen).toEqual(['bonjou']);
    } finally {
      await t.close();
    }
  });
});

describe('the retry schedule an operator sets (QUEUE_RETRY_*; issue 48, item 9)', () => {
  const optionsOf = (t: TestApp, kind: string) =>
    rowsOf<{ limit: number; delay: number; backoff: boolean }>(
      t.database.db.execute(sql`select retry_limit as "limit", retry_delay as delay, retry_backoff as backoff from pgboss.queue where name = ${kind}`),
    );

  it('applies to every kind without its own schedule, also to a queue an earlier start made; a kind’s own attempts stay', async () => {
    const first = await createTestApp({ queueTimings: { pollingIntervalSeconds: 0.5 } }, undefined, { startWorkers: false });
    try {
      expect(await optionsOf(first, 'email')).toEqual([{ limit: 5, delay: 30, backoff: true }]);
      // The same database started again with other settings (the queue exists already).
      const again = await buildApp({
        config: { ...first.config, queueRetry: { limit: 8, delaySeconds: 120, backoff: false }, queueTimings: { pollingIntervalSeconds: 0.5 } },
        database: first.database,
      });
      await again.ready();
      expect(await optionsOf(first, 'email')).toEqual([{ limit: 8, delay: 120, backoff: false }]);
      // Resume PDFs keep their own 2 retries, 5 s apart.
      expect(await optionsOf(first, 'resume-pdf')).toEqual([{ limit: 2, delay: 5, backoff: false }]);
      await again.close();
    } finally {
      await first.close();
    }
  });
});
