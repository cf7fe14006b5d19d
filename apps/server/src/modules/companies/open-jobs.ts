import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../lib/keyset';

declare module '../../plugins/queue' {
  interface JobKinds {
    /** Hourly: recounts the open jobs of companies whose jobs passed their closing date since (decision 0070). */
    'companies-open-jobs': Record<string, never>;
  }
}

/**
 * The triggers on jobs keep companies.open_jobs on every change of a company's jobs; a closing date
 * passing changes no row, so this brings those companies' counts up to date. Returns how many changed.
 */
export async function recountOpenJobs(db: Db): Promise<number> {
  const rows = await rowsOf<{ id: string }>(
    db.execute(sql`update companies c set open_jobs = n.open from (
        select c2.id, company_open_jobs(c2.id) as open from companies c2 where c2.open_jobs > 0
      ) n where n.id = c.id and c.open_jobs <> n.open returning c.id`),
  );
  return rows.length;
}

export function defineOpenJobsRecount(app: FastifyInstance) {
  app.queue.define('companies-open-jobs', {
    run: async () => {
      await recountOpenJobs(app.db.db);
    },
    retryLimit: 2,
    expireInSeconds: 300,
    summary: () => 'companies’ open job counts',
  });
  app.queue.every('companies-open-jobs', '23 * * * *', {});
}
