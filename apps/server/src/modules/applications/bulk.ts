import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LanguageCode, TeamStage } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { onJob, type CompanyCaller } from '../../lib/company-access';
import { rowsOf } from '../../lib/keyset';
import { emailText, toLanguage } from '../../lib/emails';
import { notify } from '../../lib/notifications/notify';
import { chunksOf, MOVE_CHUNK, moveStages, turnEventLoop } from './pipeline';

/** Seconds a bulk move may be undone; its notices and replies wait that long. */
export const UNDO_SECONDS = 10;
/** The most applications one bulk move takes (a job's "all in Screening" included). */
export const BULK_MAX = 10_000;
/** Replies queued per transaction by the batch's job: short transactions, the event loop never held long. */
const CHUNK = 200;
/** Within those transactions, the event loop turns after this many emails or notices (PGlite runs them on the app's thread). */
const TURN_EVERY = 5;
export const DEFAULT_TEMPLATE = 'default';

const JOB_NOT_FOUND = () => notFound('Job not found.', 'JOB_NOT_FOUND');

/**
 * A bulk move: the listed applications (or every one of the job's in `fromStage`) go to `to`, all or
 * nothing (moveStages: an application of another job or company refuses the whole list). Moving to
 * Not selected may reply from a template; the replies and the applicants' notices are queued by one
 * job that starts after the undo window, so the request answers at once whatever the count.
 */
export async function bulkMove(
  app: FastifyInstance,
  tx: Db,
  caller: CompanyCaller,
  jobId: string,
  input: { ids?: string[]; fromStage?: TeamStage | 'Withdrawn'; to: TeamStage; template?: string | null },
): Promise<{ batch: string; moved: number; undoUntil: string }> {
  if (!isUuid(jobId)) throw JOB_NOT_FOUND();
  const template = input.to === 'Not selected' ? (input.template ?? null) : null;
  const [batch] = await rowsOf<{ id: string; undoUntil: string }>(
    tx.execute(sql`insert into pipeline_batches (job_id, actor_id, to_stage, template)
      select j.id, ${caller.id}, ${input.to}, ${template} from jobs j where j.id = ${jobId} and ${onJob(caller, 'j', 'recruiter')}
      returning id, to_char((created_at + make_interval(secs => ${UNDO_SECONDS})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "undoUntil"`),
  );
  if (!batch) throw JOB_NOT_FOUND();
  if (template && template !== DEFAULT_TEMPLATE) {
    const [found] = await rowsOf<{ n: number }>(
      tx.execute(
        sql`select count(*)::int as n from reply_templates t join jobs j on j.company_id = t.company_id where j.id = ${jobId} and t.name = ${template}`,
      ),
    );
    if (!found?.n) throw notFound('Reply template not found.', 'TEMPLATE_NOT_FOUND');
  }
  const ids =
    input.ids ??
    (
      await rowsOf<{ id: string }>(
        tx.execute(sql`select id from applications where job_id = ${jobId} and stage = ${input.fromStage ?? null} order by created_at, id limit ${BULK_MAX}`),
      )
    ).map((r) => r.id);
  if (!ids.length) return { batch: batch.id, moved: 0, undoUntil: batch.undoUntil };
  const moved = await moveStages(tx, caller, ids, input.to, { batch: batch.id, jobId });
  if (template)
    // At most one live reply per application ever (application_replies_once_idx): none twice. In
    // chunks, the event loop turning between them, as the move's own statements (moveStages).
    for (const part of chunksOf(moved, MOVE_CHUNK)) {
      await turnEventLoop();
      await tx.execute(sql`insert into application_replies (application_id, batch)
        select id, ${batch.id}::uuid from unnest(${sql.param(part.map((m) => m.id))}::uuid[]) as id
        on conflict (application_id) where state <> 'cancelled' do nothing`);
    }
  await app.queue.send(tx, 'pipeline-batch', { batch: batch.id }, { startAfter: UNDO_SECONDS });
  return { batch: batch.id, moved: moved.length, undoUntil: batch.undoUntil };
}

export const TOO_LATE_TO_UNDO = 'This move can no longer be undone.';

/**
 * Undo within the window: the batch's applications still at its stage go back to where they came
 * from (recorded as moves of the batch, which the applicant's timeline leaves out with the batch's
 * own: to them an undone move never happened), and its replies not yet queued are cancelled. The batch row is locked,
 * so the batch's job (which locks it too) and an undo never both win.
 */
export async function undoBatch(tx: Db, caller: CompanyCaller, batchId: string): Promise<{ restored: number }> {
  if (!isUuid(batchId)) throw notFound('Move not found.', 'BATCH_NOT_FOUND');
  const [batch] = await rowsOf<{ toStage: string; open: boolean; undone: boolean; queued: boolean }>(
    tx.execute(sql`select b.to_stage as "toStage", b.created_at > now() - make_interval(secs => ${UNDO_SECONDS}) as open, b.undone_at is not null as undone,
        exists (select 1 from application_replies r where r.batch = b.id and r.state = 'queued') as queued
      from pipeline_batches b join jobs j on j.id = b.job_id where b.id = ${batchId} and ${onJob(caller, 'j', 'recruiter')} for update of b`),
  );
  if (!batch) throw notFound('Move not found.', 'BATCH_NOT_FOUND');
  if (!batch.open || batch.undone || batch.queued) throw conflict(TOO_LATE_TO_UNDO, 'TOO_LATE_TO_UNDO');
  await tx.execute(sql`update pipeline_batches set undone_at = now() where id = ${batchId}`);
  await tx.execute(sql`update application_replies set state = 'cancelled' where batch = ${batchId} and state = 'pending'`);
  // In chunks, as the move itself (moveStages): a restored application is at its old stage again and
  // the moves recorded here end elsewhere than the batch's stage, so the next chunk finds neither.
  let restored = 0;
  for (;;) {
    await turnEventLoop();
    const part = await rowsOf<{ id: string }>(
      tx.execute(sql`with back as (
          select m.application_id as id, m.from_stage from application_stage_moves m join applications a on a.id = m.application_id
          where m.batch = ${batchId} and m.to_stage = ${batch.toStage} and a.stage = m.to_stage
          order by m.application_id limit ${MOVE_CHUNK} for update of a),
        upd as (
          update applications a set stage = back.from_stage, updated_at = now(),
            status = case back.from_stage when 'Applied' then 'Pending' when 'Screening' then 'Reviewed' when 'Not selected' then 'Rejected' else 'Shortlisted' end
          from back where a.id = back.id returning a.id),
        rec as (
          insert into application_stage_moves (application_id, actor_id, from_stage, to_stage, batch)
          select back.id, ${caller.id}, ${batch.toStage}, back.from_stage, ${batchId}::uuid from back returning 1)
        select id from upd`),
    );
    restored += part.length;
    if (part.length < MOVE_CHUNK) break;
  }
  return { restored };
}

interface ReplyRow {
  applicationId: string;
  email: string | null;
  fullName: string;
  language: string | null;
  jobTitle: string;
  company: string;
  subject: string | null;
  body: string | null;
}

const fill = (text: string, vars: Record<string, string>) => text.replace(/\{\{(first_name|job_title|company)\}\}/g, (_, k: string) => vars[k] ?? '');

/**
 * The batch's job, after the undo window: tells each applicant whose visible status changed (the bell,
 * and email per their settings unless a reply goes to them), then queues the replies in chunks, each
 * marked queued in the transaction that queues its email (a retried job sends none twice).
 */
export async function runBatch(app: FastifyInstance, batchId: string): Promise<void> {
  const db = app.db.db;
  const [batch] = await rowsOf<{ undone: boolean; template: string | null }>(
    db.execute(sql`select undone_at is not null as undone, template from pipeline_batches where id = ${batchId}`),
  );
  if (!batch || batch.undone) return;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      // The batch row's lock orders this against an undo arriving at the last moment.
      const [open] = await rowsOf<{ undone: boolean }>(
        tx.execute(sql`select undone_at is not null as undone from pipeline_batches where id = ${batchId} for update`),
      );
      if (!open || open.undone) return true;
      const rows = await rowsOf<ReplyRow>(
        tx.execute(sql`with picked as (
            update application_replies set state = 'queued'
            where (application_id, batch) in (select application_id, batch from application_replies where batch = ${batchId} and state = 'pending' limit ${CHUNK} for update skip locked)
            returning application_id)
          select a.id as "applicationId", case when u.email_verified then u.email end as email, coalesce(p.full_name, '') as "fullName", p.language,
            coalesce(j.title, '') as "jobTitle", coalesce(c.name, j.company, '') as company,
            t.subject, t.body
          from picked join applications a on a.id = picked.application_id join jobs j on j.id = a.job_id
          left join companies c on c.id = j.company_id join users u on u.id = a.user_id left join profiles p on p.id = a.user_id
          left join lateral (
            select t.subject, t.body from reply_templates t where t.company_id = j.company_id and t.name = ${batch.template}
            order by (t.language = p.language) desc, (t.language = 'en') desc, t.language limit 1) t on true`),
      );
      for (const [i, r] of rows.entries()) {
        // Each email is a statement of this transaction: the event loop turns between runs of them.
        if (i > 0 && i % TURN_EVERY === 0) await turnEventLoop();
        const language: LanguageCode = toLanguage(r.language);
        const vars = { first_name: r.fullName.trim().split(/\s+/)[0] ?? '', job_title: r.jobTitle, company: r.company };
        const own = batch.template !== DEFAULT_TEMPLATE && r.subject !== null && r.body !== null;
        const subject = own ? fill(r.subject!, vars) : emailText(language, 'reply.rejection.subject', vars);
        const text = own ? fill(r.body!, vars) : emailText(language, 'reply.rejection.text', vars);
        if (r.email) await app.queue.send(tx, 'email', { to: r.email, subject, text });
      }
      return rows.length < CHUNK;
    });
    if (done) break;
  }
  // The bell for each visible change (the reply, when one went, is their email). A page of the batch's
  // applications at a time, in id order: each statement reads one page, never the whole batch again.
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const page = (
      await rowsOf<{ id: string }>(
        db.execute(sql`select application_id as id from application_stage_moves
          where batch = ${batchId} and application_id > ${after}::uuid order by application_id limit ${CHUNK}`),
      )
    ).map((r) => r.id);
    if (!page.length) break;
    after = page.at(-1)!;
    const moved = await rowsOf<{ id: string; userId: string; jobId: string; jobTitle: string; status: string; replied: boolean }>(
      db.execute(sql`select a.id, a.user_id as "userId", a.job_id as "jobId", coalesce(j.title, '') as "jobTitle", a.status,
          exists (select 1 from application_replies r where r.application_id = a.id and r.batch = m.batch and r.state = 'queued') as replied
        from application_stage_moves m join applications a on a.id = m.application_id join jobs j on j.id = a.job_id
        where m.batch = ${batchId} and m.application_id = any(${sql.param(page)}::uuid[]) and a.stage = m.to_stage and m.from_stage <> m.to_stage
          and not exists (select 1 from notifications n where n.user_id = a.user_id and n.kind = 'application_status' and n.data->>'batch' = ${batchId})
          and case m.from_stage when 'Applied' then 'Pending' when 'Screening' then 'Reviewed' when 'Not selected' then 'Rejected' else 'Shortlisted' end <> a.status`),
    );
    // Told already (a retried job), or nothing they see changed: the next page.
    if (!moved.length) continue;
    await db.transaction(async (tx) => {
      for (const [i, m] of moved.entries()) {
        // A notice is several statements (the row, the unread count, the stream, the email).
        if (i > 0 && i % TURN_EVERY === 0) await turnEventLoop();
        await notify(
          app,
          tx,
          { userId: m.userId, kind: 'application_status', data: { jobId: m.jobId, jobTitle: m.jobTitle, status: m.status, batch: batchId } },
          { email: !m.replied },
        );
      }
    });
  }
}
