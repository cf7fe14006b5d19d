import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, type Job, type JobResult } from 'pg-boss';
import type { Db } from '../db/client';
import { queueConnection } from '../db/queue-db';
import type { Mail } from '../lib/mailer';
import { rowsOf } from '../lib/keyset';

declare module 'fastify' {
  interface FastifyInstance {
    queue: Queue;
  }
}

/**
 * Every kind of background job and what it carries (JSON). A module adds its own kinds by declaration
 * merging (`declare module '../../plugins/queue' { interface JobKinds { 'alerts-run': {…} } }`) and
 * registers their handler with `app.queue.define` while it is being registered.
 */
export interface JobKinds {
  email: Mail;
}
export type JobKind = keyof JobKinds;

export interface JobDefinition<T> {
  run(data: T): Promise<void>;
  /** Tries after the first (default 5: 6 attempts over about 35 minutes). */
  retryLimit?: number;
  /** Seconds before the first retry, doubling after (default 30). */
  retryDelay?: number;
  /** A run longer than this is taken as dead (its worker killed) and handed to another (default 60). */
  expireInSeconds?: number;
  /**
   * 'short': at most one job of a `singletonKey` waits at a time (a second send while one waits is
   * dropped, the waiting one does the work). Default 'standard'.
   */
  policy?: 'standard' | 'short';
  /** What an admin may see of a failed job (never secrets such as an email's links). */
  summary?(data: T): string;
  /** An error no retry can fix (an address the mail provider refuses): the job fails at once, for an admin. */
  permanent?(err: unknown): boolean;
}

export interface FailedJob {
  id: string;
  kind: string;
  createdAt: Date;
  failedAt: Date | null;
  attempts: number;
  error: string;
  /** What an admin may see of it: for an email the recipient and subject, never the body (links). */
  summary: string;
}

export interface Queue {
  /** Registers a kind of job and its handler; call while plugins register (before the app is ready). */
  define<K extends JobKind>(kind: K, definition: JobDefinition<JobKinds[K]>): void;
  /**
   * Runs a defined job on a cron expression (UTC), e.g. '0 * * * *'. Only instances started with the
   * clock (`start({ clock: true })`, the server) send these; with several instances each occurrence
   * is sent once. Tests call the work directly instead.
   */
  every<K extends JobKind>(kind: K, cron: string, data: JobKinds[K]): void;
  /**
   * Writes a job inside the caller's transaction: it exists exactly when the change that caused it
   * commits, and a rollback leaves nothing to run. `startAfter`: seconds before it may run (a bulk
   * move's replies wait out its undo window).
   */
  send<K extends JobKind>(tx: Db, kind: K, data: JobKinds[K], options?: { singletonKey?: string; startAfter?: number }): Promise<void>;
  /** Asks this instance's worker of a kind to look for jobs now instead of at its next poll (after a commit). */
  wake(kind: JobKind): void;
  /** An email on its own, right after the change that caused it committed. */
  email(mail: Mail): Promise<void>;
  /** Resolves once no job is waiting or being run (tests read the outbox after it). */
  drained(timeoutMs?: number): Promise<void>;
  /** Starts this instance's workers (server.ts, once listening; tests that need them), and with `clock` the recurring jobs. */
  start(options?: { clock?: boolean }): Promise<void>;
  /** Jobs that used every retry (the dead letters), newest first; with `id`, that one job if it failed. */
  failed(limit?: number, filter?: { id?: string }): Promise<FailedJob[]>;
  /** Puts a failed job back in line; false when there is no such failed job. */
  retry(id: string): Promise<boolean>;
  /** Jobs waiting, running and failed per kind, as pg-boss last counted them (metrics). */
  counts(): Promise<Array<{ kind: string; queued: number; active: number; failed: number }>>;
}

/**
 * Retries (by default; QUEUE_RETRY_LIMIT, QUEUE_RETRY_DELAY_SECONDS and QUEUE_RETRY_BACKOFF change them):
 * 6 attempts over about 35 minutes (30 s, then doubling), which rides out an SMTP outage or
 * a restart; after that the job stays `failed` for an admin to see and retry. A job running longer
 * than `expireInSeconds` (its worker died, e.g. kill -9) is given to another worker. Delivery is at
 * least once: a worker that dies after the SMTP server accepted but before recording it sends again.
 */
const DEFAULTS = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 60 };

export default fp(
  async (app) => {
    const opts = app.config.queueTimings ?? {};
    // The operator's schedule (QUEUE_RETRY_*, validated at start in config.ts); a kind that sets its
    // own (reminders, resume PDFs, the file sweep) keeps its own attempts and delay.
    const retry = app.config.queueRetry ?? { limit: DEFAULTS.retryLimit, delaySeconds: DEFAULTS.retryDelay, backoff: DEFAULTS.retryBackoff };
    const boss = new PgBoss({
      ...queueConnection(app.db),
      // Our migrations install the schema (db/queue-db.ts); nothing to create at start-up.
      migrate: false,
      // The cron pass runs only where recurring jobs are wanted (the server, not tests).
      schedule: app.config.queueClock !== false,
      supervise: true,
      // Tests that kill a process shorten how soon its expired job is noticed (pg-boss's default: 60 s).
      monitorIntervalSeconds: opts.superviseIntervalSeconds ?? 10,
      ...(opts.superviseIntervalSeconds ? { superviseIntervalSeconds: opts.superviseIntervalSeconds } : {}),
    });
    boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
    await boss.start();
    const definitions = new Map<string, JobDefinition<never>>();
    const recurring: Array<{ kind: string; cron: string; data: unknown }> = [];
    // Queues are created once every module has defined its kinds.
    app.addHook('onReady', async () => {
      for (const [kind, d] of definitions) {
        const options = {
          retryLimit: d.retryLimit ?? retry.limit,
          retryDelay: opts.retryDelay ?? d.retryDelay ?? retry.delaySeconds,
          retryBackoff: retry.backoff,
          expireInSeconds: opts.expireInSeconds ?? d.expireInSeconds ?? DEFAULTS.expireInSeconds,
        };
        await boss.createQueue(kind, { ...options, policy: d.policy ?? 'standard' });
        // A queue made by an earlier start keeps the options it was made with: today's settings apply
        // to it too (the retries of jobs already waiting were fixed when they were sent).
        await boss.updateQueue(kind, options);
      }
    });
    let started = false;
    const workerIds = new Map<string, string>();
    app.addHook('onClose', async () => {
      // Graceful: a job in hand finishes (an email being sent) before the database closes.
      await boss.stop({ graceful: true, close: false, timeout: 10_000 });
    });

    // pg-boss keys its jobs by (name, id): naming every kind lets a lookup by id seek that key in
    // each kind's partition instead of reading every job.
    const kindList = () =>
      sql.join(
        [...definitions.keys()].map((k) => sql`${k}`),
        sql`, `,
      );

    const queue: Queue = {
      define(kind, definition) {
        if (definitions.has(kind)) throw new Error(`job kind ${kind} is defined twice`);
        definitions.set(kind, definition as JobDefinition<never>);
      },
      every(kind, cron, data) {
        recurring.push({ kind, cron, data });
      },
      async send(tx, kind, data, options = {}) {
        await boss.send(kind, data as object, { ...options, db: fromDrizzle(tx as never, sql) });
      },
      wake(kind) {
        const id = workerIds.get(kind);
        if (id) boss.notifyWorker(id);
      },
      // Committed at once: the worker fetches it now instead of at its next poll (every 2 s, one
      // email each), so a burst of emails does not queue up behind the polling interval.
      email: async (mail) => {
        await queue.send(app.db.db, 'email', mail);
        queue.wake('email');
      },
      async drained(timeoutMs = 20_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const [row] = await rowsOf<{ n: number }>(
            app.db.db.execute(
              sql`select count(*)::int as n from pgboss.job where name in (${sql.join(
                [...definitions.keys()].map((k) => sql`${k}`),
                sql`, `,
              )}) and state in ('created', 'retry', 'active')`,
            ),
          );
          if (!row?.n) return;
          if (Date.now() > deadline) throw new Error(`${row.n} job(s) still waiting after ${timeoutMs} ms`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      async start({ clock = false } = {}) {
        if (started) return;
        started = true;
        for (const [kind, definition] of definitions) {
          const work = { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2, perJobResults: true } as const;
          const workerId = await boss.work(kind, work, async (jobs: Job<never>[]) => {
            const results: JobResult[] = [];
            for (const job of jobs) {
              try {
                await definition.run(job.data);
              } catch (err) {
                app.metrics.jobRan(kind, 'failed');
                const permanent = definition.permanent?.(err) ?? false;
                app.log.warn(
                  { err, kind, job: job.id, attempt: job.retryCount + 1 },
                  permanent ? 'background job failed for good; an admin may retry it' : 'background job failed; it will be retried',
                );
                // 'deadletter' skips the retries left: the job is failed at once, listed for admins.
                results.push({ id: job.id, status: permanent ? 'deadletter' : 'failed', output: { message: (err as Error)?.message ?? String(err) } });
                continue;
              }
              app.metrics.jobRan(kind, 'completed');
              results.push({ id: job.id, status: 'completed' });
            }
            return results;
          });
          workerIds.set(kind, workerId);
        }
        if (clock) for (const r of recurring) await boss.schedule(r.kind, r.cron, r.data as object, { tz: 'UTC' });
      },
      async failed(limit = 100, filter = {}) {
        const rows = await rowsOf<{
          id: string;
          name: string;
          data: unknown;
          retry_count: number;
          output: unknown;
          created_on: Date | string;
          completed_on: Date | string | null;
        }>(
          app.db.db.execute(sql`
            select id, name, data, retry_count, output, created_on, completed_on from pgboss.job
            where name in (${kindList()}) and state = 'failed' ${filter.id ? sql`and id = ${filter.id}` : sql``}
            order by completed_on desc nulls last, id limit ${limit}`),
        );
        return rows.map((r) => {
          const output = r.output as { message?: string } | null;
          return {
            id: r.id,
            kind: r.name,
            createdAt: new Date(r.created_on),
            failedAt: r.completed_on ? new Date(r.completed_on) : null,
            attempts: r.retry_count + 1,
            error: output?.message ?? '',
            summary: definitions.get(r.name)?.summary?.(r.data as never) ?? '',
          };
        });
      },
      async retry(id) {
        const [row] = await rowsOf<{ name: string }>(
          app.db.db.execute(sql`select name from pgboss.job where name in (${kindList()}) and id = ${id} and state = 'failed'`),
        );
        if (!row) return false;
        await boss.retry(row.name, id);
        return true;
      },
      async counts() {
        const queues = await boss.getQueues([...definitions.keys()]);
        return queues.map((q) => ({ kind: q.name, queued: q.queuedCount, active: q.activeCount, failed: q.failedCount ?? 0 }));
      },
    };
    queue.define('email', {
      run: (mail) => app.mailer.send(mail),
      summary: (mail) => `${mail.to ?? '?'}: ${mail.subject ?? ''}`,
      // A 5xx answer (no such mailbox, refused sender, bad credentials) is the same on every try.
      permanent: (err) => {
        const code = (err as { responseCode?: number } | null)?.responseCode;
        return typeof code === 'number' && code >= 500 && code < 600;
      },
    });
    app.decorate('queue', queue);
  },
  { name: 'queue', dependencies: ['db', 'mailer', 'metrics'] },
);
