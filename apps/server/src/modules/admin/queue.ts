import type { FailedQueueJob } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import type { Queue } from '../../plugins/queue';
import { notFound } from '../../lib/http-error';
import { writeAudit, type Actor } from './audit';

export async function listFailedJobs(queue: Queue): Promise<FailedQueueJob[]> {
  return (await queue.failed(100)).map((job) => ({
    ...job,
    createdAt: job.createdAt.toISOString(),
    failedAt: job.failedAt?.toISOString() ?? null,
  }));
}

/** Puts a dead letter back in line, and records who did it. */
export async function retryFailedJob(db: Db, queue: Queue, actor: Actor, id: string): Promise<{ id: string; retried: true }> {
  const [job] = await queue.failed(1, { id });
  if (!job || !(await queue.retry(id))) throw notFound('No such failed job.', 'QUEUE_JOB_NOT_FOUND');
  await writeAudit(db, actor, { action: 'queue_job_retried', targetType: 'queue_job', targetId: id, targetLabel: `${job.kind}: ${job.summary}` });
  return { id, retried: true };
}
