import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { PgBoss, fromDrizzle, type Job } from 'pg-boss';
import type { Db } from '../db/client';
import { queueConnection } from '../db/queue-db';
import type { Mail } from '../lib/mailer';
import { rowsOf } from '../lib/keyset';

declare module 'fastify' {
  interface FastifyInstance {
    queue: Queue;
  }
}

/** Every kind of background job and what it carries (JSON). */
export interface JobKinds {
  email: Mail;
}
export type JobKind = keyof JobKinds;

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
  /**
   * Writes a job inside the caller's transaction: it exists exactly when the change that caused it
   * commits, and a rollback leaves nothing to run.
   */
  send<K extends JobKind>(tx: Db, kind: K, data: JobKinds[K]): Promise<void>;
  /** An email on its own, right after the change that caused it committed. */
  email(mail: Mail): Promise<void>;
  /** Resolves once no email is waiting or being sent (tests read the outbox after it). */
  drained(timeoutMs?: number): Promise<void>;
  /** Starts this instance's workers (server.ts, once listening; tests that need them). */
  start(): Promise<void>;
  /** Jobs that used every retry (the dead letters), newest first. */
  failed(limit?: number): Promise<FailedJob[]>;
  /** Puts a failed job back in line; false when there is no such failed job. */
  retry(id: string): Promise<boolean>;
  /** Jobs waiting, running and failed per kind, as pg-boss last counted them (metrics). */
  counts(): Promise<Array<{ kind: string; queued: number; active: number; failed: number }>>;
}

/**
 * Retries: 6 attempts over about 35 minutes (30 s, then doubling), which rides out an SMTP outage or
 * a restart; after that the job stays `failed` for an admin to see and retry. A job running longer
 * than `expireInSeconds` (its worker died, e.g. kill -9) is given to another worker. Delivery is at
 * least once: a worker that dies after the SMTP server accepted but before recording it sends again.
 */
const POLICY: Record<JobKind, { retryLimit: number; retryDelay: number; expireInSeconds: number }> = {
  email: { retryLimit: 5, retryDelay: 30, expireInSeconds: 60 },
};

function summarise(kind: string, data: unknown): string {
  if (kind === 'email') {
    const mail = data as Partial<Mail>;
    return `${mail.to ?? '?'}: ${mail.subject ?? ''}`;
  }
  return '';
}

export default fp(
  async (app) => {
    const opts = app.config.queueTimings ?? {};
    const boss = new PgBoss({
      ...queueConnection(app.db),
      // Our migrations install the schema (db/queue-db.ts); nothing to create at start-up.
      migrate: false,
      schedule: false,
      supervise: true,
      monitorIntervalSeconds: 10,
    });
    boss.on('error', (err) => app.log.error({ err }, 'job queue error'));
    await boss.start();
    for (const [kind, policy] of Object.entries(POLICY)) {
      await boss.createQueue(kind, {
        retryLimit: policy.retryLimit,
        retryDelay: opts.retryDelay ?? policy.retryDelay,
        retryBackoff: true,
        expireInSeconds: opts.expireInSeconds ?? policy.expireInSeconds,
      });
    }
    let started = false;
    app.addHook('onClose', async () => {
      // Graceful: a job in hand finishes (an email being sent) before the database closes.
      await boss.stop({ graceful: true, close: false, timeout: 10_000 });
    });

    const handlers: { [K in JobKind]: (data: JobKinds[K]) => Promise<void> } = {
      email: (mail) => app.mailer.send(mail),
    };

    const queue: Queue = {
      async send(tx, kind, data) {
        await boss.send(kind, data as object, { db: fromDrizzle(tx as never, sql) });
      },
      email: (mail) => queue.send(app.db.db, 'email', mail),
      async drained(timeoutMs = 20_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const [row] = await rowsOf<{ n: number }>(
            app.db.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'email' and state in ('created', 'retry', 'active')`),
          );
          if (!row?.n) return;
          if (Date.now() > deadline) throw new Error(`${row.n} email job(s) still waiting after ${timeoutMs} ms`);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      },
      async start() {
        if (started) return;
        started = true;
        for (const kind of Object.keys(handlers) as JobKind[]) {
          await boss.work(kind, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 }, async (jobs: Job<JobKinds[typeof kind]>[]) => {
            for (const job of jobs) {
              try {
                await handlers[kind](job.data as never);
              } catch (err) {
                app.metrics.jobRan(kind, 'failed');
                app.log.warn({ err, kind, job: job.id, attempt: job.retryCount + 1 }, 'background job failed; it will be retried');
                throw err;
              }
              app.metrics.jobRan(kind, 'completed');
            }
          });
        }
      },
      async failed(limit = 100) {
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
            where state = 'failed' order by completed_on desc nulls last, id limit ${limit}`),
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
            summary: summarise(r.name, r.data),
          };
        });
      },
      async retry(id) {
        const [row] = await rowsOf<{ name: string }>(app.db.db.execute(sql`select name from pgboss.job where id = ${id} and state = 'failed'`));
        if (!row) return false;
        await boss.retry(row.name, id);
        return true;
      },
      async counts() {
        const queues = await boss.getQueues(Object.keys(POLICY));
        return queues.map((q) => ({ kind: q.name, queued: q.queuedCount, active: q.activeCount, failed: q.failedCount ?? 0 }));
      },
    };
    app.decorate('queue', queue);
  },
  { name: 'queue', dependencies: ['db', 'mailer', 'metrics'] },
);
