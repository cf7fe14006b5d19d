import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { observeQueries } from '../lib/query-timing';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export interface Metrics {
  registry: Registry;
  /** One email handed to SMTP (or, without SMTP_URL, to the log), or one that failed. */
  emailSent(outcome: 'sent' | 'failed'): void;
  /** One run of a background job, by kind; a failure is retried later or, at the end, kept as failed. */
  jobRan(kind: string, outcome: 'completed' | 'failed'): void;
}

/**
 * Prometheus metrics, one registry per app (tests build many apps in one process, and two apps must
 * not count into each other). Served by the health module at /metrics, behind METRICS_TOKEN.
 * Labels stay few: a route is its pattern (`/api/jobs/:id`), never the raw URL.
 */
export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to response, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      // Unknown addresses share one label, so a scanner cannot grow the series without end.
      const route = request.routeOptions.url ?? 'unmatched';
      const labels = { method: request.method, route, status: String(reply.statusCode) };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    });

    const queries = new Histogram({
      name: 'db_query_duration_seconds',
      help: 'Database statements by outcome; on the embedded database this includes the wait for its one connection',
      labelNames: ['outcome'] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    });
    const stopObserving = observeQueries(app.db, (seconds, ok) => queries.observe({ outcome: ok ? 'ok' : 'error' }, seconds));
    app.addHook('onClose', async () => stopObserving());

    const pool = app.db.pool;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database connections by state (the embedded database has one, always open)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        if (pool) {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        } else {
          this.set({ state: 'total' }, 1);
        }
      },
    });

    const emails = new Counter({
      name: 'emails_total',
      help: 'Emails by outcome: sent (to SMTP, or to the log without SMTP_URL) or failed',
      labelNames: ['outcome'] as const,
      registers: [registry],
    });
    for (const outcome of ['sent', 'failed'] as const) emails.inc({ outcome }, 0);

    new Gauge({
      name: 'realtime_open_streams',
      help: 'Open message streams (Server-Sent Events) on this instance',
      registers: [registry],
      // Read at scrape time: the realtime plugin registers after this one.
      collect() {
        this.set(app.hasDecorator('realtime') ? app.realtime.openStreams : 0);
      },
    });

    const jobRuns = new Counter({
      name: 'queue_job_runs_total',
      help: 'Background job runs by kind and outcome (a failed run is retried with backoff)',
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
    });
    new Gauge({
      name: 'queue_jobs',
      help: 'Background jobs by kind and state (queued, active, failed for good), as the queue last counted them',
      labelNames: ['kind', 'state'] as const,
      registers: [registry],
      async collect() {
        if (!app.hasDecorator('queue')) return;
        for (const c of await app.queue.counts()) {
          this.set({ kind: c.kind, state: 'queued' }, c.queued);
          this.set({ kind: c.kind, state: 'active' }, c.active);
          this.set({ kind: c.kind, state: 'failed' }, c.failed);
        }
      },
    });

    app.decorate('metrics', {
      registry,
      emailSent: (outcome) => emails.inc({ outcome }),
      jobRan: (kind, outcome) => jobRuns.inc({ kind, outcome }),
    } satisfies Metrics);
  },
  { name: 'metrics', dependencies: ['db'] },
);
