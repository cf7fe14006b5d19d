import { sql } from 'drizzle-orm';
import { statusOfStage, type ApplicationNote, type ApplicationStage, type StageMove, type TeamStage } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { inCompany, onJob, type CompanyCaller } from '../../lib/company-access';
import { isoText, rowsOf } from '../../lib/keyset';
const APPLICATION_NOT_FOUND = 'Application not found.';

/**
 * The hiring pipeline (issue 45, decision 0071): stages, their history, and the team's private notes
 * and ratings. Every statement decides company and role in its own WHERE (decision 0068): an
 * application of another company is "not found", never "forbidden".
 */

const notFoundError = () => notFound(APPLICATION_NOT_FOUND, 'APPLICATION_NOT_FOUND');
export const WITHDRAWN_LOCKED = 'This application was withdrawn by the applicant and cannot be moved.';
export const HIRED_ONLY_TO_OFFER = 'A hired applicant can only be moved back to Offer.';

/** A move that changed what the applicant sees (their status, or Withdrawn): they are notified of it. */
export interface Moved {
  id: string;
  userId: string;
  from: ApplicationStage;
  to: ApplicationStage;
  visibleChange: boolean;
}

const visible = (stage: ApplicationStage) => (stage === 'Withdrawn' ? 'Withdrawn' : statusOfStage(stage));

/**
 * Rows a move locks, changes and records per statement. PGlite runs each statement on the app's own
 * thread (db/client.ts), and a bulk move of 5,000 in three statements held the event loop ~2 s
 * (bench:pipeline): in chunks, with the loop turned between them, no statement holds it long.
 */
export const MOVE_CHUNK = 100;

/** Lets the event loop turn (I/O callbacks, timers) between statements of one transaction. */
export const turnEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `items` in runs of `size`, in order. */
export const chunksOf = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Moves applications to a stage for a team member acting (owner or recruiter). All or nothing: an
 * id that is not the caller's company's (or not an application at all) refuses the whole list with
 * "not found", and so does one withdrawn application, or a hired one moved anywhere but Offer.
 * Rows are locked while checked, so two moves racing each other record true "from" stages.
 *
 * A long list goes in chunks of MOVE_CHUNK, turning the event loop between statements: first every
 * chunk is locked and checked (in id order, as one statement would lock them, so two moves never
 * deadlock), then each is moved and recorded. All-or-nothing comes from the caller's transaction: a
 * refusal in a later chunk rolls back nothing but locks, since nothing was changed yet.
 */
export async function moveStages(
  db: Db,
  caller: CompanyCaller,
  ids: string[],
  to: TeamStage,
  { batch = null, jobId = null }: { batch?: string | null; jobId?: string | null } = {},
): Promise<Moved[]> {
  const unique = [...new Set(ids)];
  if (!unique.length || !unique.every(isUuid)) throw notFoundError();
  unique.sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
  const found: Array<{ id: string; userId: string; stage: ApplicationStage }> = [];
  for (const [i, part] of chunksOf(unique, MOVE_CHUNK).entries()) {
    if (i > 0) await turnEventLoop();
    found.push(
      ...(await rowsOf<{ id: string; userId: string; stage: ApplicationStage }>(
        db.execute(sql`select a.id, a.user_id as "userId", a.stage from applications a join jobs j on j.id = a.job_id
          where a.id = any(${sql.param(part)}::uuid[]) and ${onJob(caller, 'j', 'recruiter')}
            and (${jobId}::uuid is null or a.job_id = ${jobId}::uuid)
          order by a.id for update of a`),
      )),
    );
  }
  if (found.length !== unique.length) throw notFoundError();
  if (found.some((r) => r.stage === 'Withdrawn')) throw conflict(WITHDRAWN_LOCKED, 'APPLICATION_WITHDRAWN');
  if (to !== 'Offer' && to !== 'Hired' && found.some((r) => r.stage === 'Hired')) throw conflict(HIRED_ONLY_TO_OFFER, 'HIRED_ONLY_TO_OFFER');
  const changing = found.filter((r) => r.stage !== to);
  for (const part of chunksOf(changing, MOVE_CHUNK)) {
    if (unique.length > 1) await turnEventLoop();
    const changeIds = part.map((r) => r.id);
    await db.execute(sql`update applications set stage = ${to}, status = ${statusOfStage(to)}, updated_at = now(),
        viewed_at = coalesce(viewed_at, now())
      where id = any(${sql.param(changeIds)}::uuid[])`);
    if (unique.length > 1) await turnEventLoop();
    await db.execute(sql`insert into application_stage_moves (application_id, actor_id, from_stage, to_stage, batch)
      select m.id, ${caller.id}, m.from_stage, ${to}, ${batch}::uuid
      from unnest(${sql.param(changeIds)}::uuid[], ${sql.param(part.map((r) => r.stage))}::text[]) as m(id, from_stage)`);
  }
  return changing.map((r) => ({ id: r.id, userId: r.userId, from: r.stage, to, visibleChange: visible(r.stage) !== visible(to) }));
}

/** The recorded moves of one application, oldest first, for any member of the job's company. */
export async function listMoves(db: Db, caller: CompanyCaller, id: string): Promise<StageMove[]> {
  await assertOnTeam(db, caller, id, 'viewer');
  return rowsOf<StageMove>(
    db.execute(sql`select m.id, p.full_name as "actorName", m.from_stage as "from", m.to_stage as "to", ${sql.raw(isoText('m.created_at'))} as at
      from application_stage_moves m left join profiles p on p.id = m.actor_id
      where m.application_id = ${id} order by m.created_at, m.id limit 500`),
  );
}

/** The application exists and the caller is on its job's company with at least `role`; otherwise "not found". */
async function assertOnTeam(db: Db, caller: CompanyCaller, id: string, role: 'viewer' | 'recruiter'): Promise<{ jobId: string; companyId: string }> {
  if (!isUuid(id)) throw notFoundError();
  const [row] = await rowsOf<{ jobId: string; companyId: string }>(
    db.execute(sql`select a.job_id as "jobId", j.company_id as "companyId" from applications a join jobs j on j.id = a.job_id
      where a.id = ${id} and ${onJob(caller, 'j', role)}`),
  );
  if (!row) throw notFoundError();
  return row;
}

/** The team opened the application: the applicant's timeline shows it was viewed (once, the first time). */
export async function markViewed(db: Db, caller: CompanyCaller, id: string): Promise<void> {
  if (!isUuid(id)) return;
  await db.execute(sql`update applications a set viewed_at = now() from jobs j
    where a.id = ${id} and a.viewed_at is null and j.id = a.job_id and ${onJob(caller, 'j', 'viewer')}`);
}

export const WITHDRAWN_ALREADY = 'This application was already withdrawn.';

/** The applicant withdraws their own application; its status becomes Withdrawn for everyone. */
export async function withdrawApplication(db: Db, userId: string, id: string): Promise<{ jobId: string; from: ApplicationStage }> {
  if (!isUuid(id)) throw notFoundError();
  const [row] = await rowsOf<{ jobId: string; stage: ApplicationStage }>(
    db.execute(sql`select job_id as "jobId", stage from applications where id = ${id} and user_id = ${userId} for update`),
  );
  if (!row) throw notFoundError();
  if (row.stage === 'Withdrawn') throw conflict(WITHDRAWN_ALREADY, 'APPLICATION_WITHDRAWN');
  await db.execute(sql`update applications set stage = 'Withdrawn', updated_at = now() where id = ${id}`);
  await db.execute(
    sql`insert into application_stage_moves (application_id, actor_id, from_stage, to_stage) values (${id}, ${userId}, ${row.stage}, 'Withdrawn')`,
  );
  return { jobId: row.jobId, from: row.stage };
}

// ---- Notes and ratings: private to the team ----

const MENTION_MAX = 10;

/**
 * A team member (viewer too: they share opinions) adds a note; @mentions name teammates by user id,
 * and anyone named who is not on the job's company refuses the note (nothing stored). Returns the
 * note and the people to notify (never the author).
 */
export async function addNote(
  db: Db,
  caller: CompanyCaller,
  id: string,
  body: string,
  mentions: string[],
): Promise<{ note: ApplicationNote; notify: string[]; jobId: string }> {
  const team = await assertOnTeam(db, caller, id, 'viewer');
  const named = [...new Set(mentions)].slice(0, MENTION_MAX + 1);
  if (named.length > MENTION_MAX) throw badRequest(`A note can mention at most ${MENTION_MAX} people.`, 'TOO_MANY_MENTIONS');
  const members = named.length
    ? await rowsOf<{ id: string; name: string }>(
        db.execute(sql`select cm.user_id as id, coalesce(p.full_name, '') as name from company_members cm left join profiles p on p.id = cm.user_id
          where cm.company_id = ${team.companyId} and cm.user_id = any(${sql.param(named)}::text[])`),
      )
    : [];
  if (members.length !== named.length) throw badRequest('Only members of your team can be mentioned.', 'MENTION_NOT_ON_TEAM');
  const [row] = await rowsOf<{ id: string; createdAt: string; authorName: string | null }>(
    db.execute(sql`with n as (
        insert into application_notes (application_id, author_id, body, mentions) values (${id}, ${caller.id}, ${body}, ${sql.param(named)}::text[])
        returning id, created_at)
      select n.id, ${sql.raw(isoText('n.created_at'))} as "createdAt", (select full_name from profiles where id = ${caller.id}) as "authorName" from n`),
  );
  return {
    note: { id: row!.id, authorId: caller.id, authorName: row!.authorName, body, createdAt: row!.createdAt, mentions: members },
    notify: members.map((m) => m.id).filter((m) => m !== caller.id),
    jobId: team.jobId,
  };
}

/** An application's notes, newest first (at most 200: a note thread, not a log). */
export async function listNotes(db: Db, caller: CompanyCaller, id: string): Promise<ApplicationNote[]> {
  await assertOnTeam(db, caller, id, 'viewer');
  const rows = await rowsOf<ApplicationNote & { mentionIds: string[]; mentionNames: string[] }>(
    db.execute(sql`select n.id, n.author_id as "authorId", p.full_name as "authorName", n.body, ${sql.raw(isoText('n.created_at'))} as "createdAt",
        coalesce((select json_agg(json_build_object('id', u, 'name', coalesce(mp.full_name, ''))) from unnest(n.mentions) u left join profiles mp on mp.id = u), '[]'::json) as mentions
      from application_notes n left join profiles p on p.id = n.author_id
      where n.application_id = ${id} order by n.created_at desc, n.id desc limit 200`),
  );
  return rows.map((r) => ({ id: r.id, authorId: r.authorId, authorName: r.authorName, body: r.body, createdAt: r.createdAt, mentions: r.mentions }));
}

/** A member's own 1–5 rating (one per member; rating again replaces it). */
export async function rate(db: Db, caller: CompanyCaller, id: string, rating: number): Promise<void> {
  await assertOnTeam(db, caller, id, 'viewer');
  await db.execute(sql`insert into application_ratings (application_id, user_id, rating) values (${id}, ${caller.id}, ${rating})
    on conflict (application_id, user_id) do update set rating = excluded.rating, updated_at = now()`);
}

export async function listRatings(db: Db, caller: CompanyCaller, id: string) {
  await assertOnTeam(db, caller, id, 'viewer');
  const items = await rowsOf<{ userId: string; name: string; rating: number }>(
    db.execute(sql`select r.user_id as "userId", coalesce(p.full_name, '') as name, r.rating::int as rating
      from application_ratings r left join profiles p on p.id = r.user_id where r.application_id = ${id} order by r.updated_at, r.user_id`),
  );
  const average = items.length ? Math.round((items.reduce((s, r) => s + r.rating, 0) / items.length) * 10) / 10 : null;
  return { average, items };
}

/** For a note's mention: the members of the caller's company (for the picker), any role. */
export async function teamOf(db: Db, caller: CompanyCaller) {
  return rowsOf<{ id: string; name: string }>(
    db.execute(sql`select cm.user_id as id, coalesce(p.full_name, '') as name from company_members cm left join profiles p on p.id = cm.user_id
      where ${inCompany(caller, 'cm.company_id', 'viewer')} order by lower(coalesce(p.full_name, '')), cm.user_id limit 500`),
  );
}
