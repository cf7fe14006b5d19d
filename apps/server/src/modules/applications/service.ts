import type { Readable } from 'node:stream';
import { inArray, or, sql } from 'drizzle-orm';
import {
  checkAnswers,
  searchFold,
  statusOfStage,
  type Applicant,
  type ApplicantFilters,
  type ScreeningAnswer,
  type ScreeningQuestion,
  type StoredAnswer,
  type ApplicantStatus,
  type ApplicationStage,
  type ApplicationStatus,
  type MyApplication,
  type TeamStage,
  type TimelineEvent,
} from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { applications } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { contentTypeForKey } from '../../lib/storage/file-types';
import type { Storage } from '../../lib/storage/storage';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { isUuid } from '../../lib/ids';
import { companyActive, onJob } from '../../lib/company-access';
import { notHeld } from '../../lib/moderation';
import { moveStages } from './pipeline';
import { afterCursor, decodeCursor, isoText, rowsOf, toPage, type Keyset } from '../../lib/keyset';

export const APPLICATION_NOT_FOUND = 'Application not found.';
const JOB_NOT_FOUND = 'Job not found.';
export const ALREADY_APPLIED = 'You have already applied for this job.';
export const JOB_CLOSED = 'This job is no longer accepting applications.';

export type FileKindParam = 'resume' | 'cover-letter';

const fileUrl = (id: string, kind: FileKindParam, key: string | null) => (key ? `/api/applications/${id}/files/${kind}` : null);

let lastStamp = 0;
/** Milliseconds, strictly increasing in this process, so two uploads never share a storage key. */
function uploadStamp(): number {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return lastStamp;
}

/**
 * An upload spooled to disk (plugins/storage.ts), or the saved resume's document opened from
 * storage: either is streamed into the application's own key, never read into memory.
 */
type FileInput = { path: string; ext: string } | { stream: Readable; size: number; ext: string };

function storeFile(storage: Storage, key: string, file: FileInput) {
  return 'path' in file ? storage.putFile(key, file.path, contentTypeForKey(key)) : storage.putStream(key, file.stream, contentTypeForKey(key), file.size);
}

export interface ApplyInput {
  jobId: string;
  userId: string;
  coverLetter: string;
  /** An uploaded file, or a loader of the saved resume's document, read only once the job checks pass. */
  resume?: FileInput | (() => Promise<FileInput>);
  coverLetterFile?: FileInput;
  /** The form's `answer.<questionId>` fields, checked against the job's screening questions (decision 0075). */
  answers?: Record<string, string>;
  /** Whether the saved resume is the one sent: its text is kept for the team's search. */
  savedResume?: boolean;
  /** Runs in the insert's transaction (the job owner's notification commits with the application). */
  onApplied?: (tx: Db, applicationId: string) => Promise<void>;
}

/**
 * Stores the documents under the spec's keys (private areas), then inserts the application. The
 * unique (job_id, user_id) index is the real guard against applying twice; the early check only
 * spares storing files for a request that will be refused. If the insert fails, the stored files go.
 */
export async function applyForJob(db: Db, storage: Storage, input: ApplyInput): Promise<{ id: string }> {
  if (!isUuid(input.jobId)) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  const [state] = await rowsOf<{ job: boolean; closed: boolean; applied: boolean; questions: ScreeningQuestion[] | null }>(
    // Only a job its page shows to the public takes applications: paid, its poster in good standing,
    // not held back by moderation, its company not suspended (getJob's 404 for the same job).
    db.execute(sql`select exists(select 1 from jobs j where j.id = ${input.jobId} and j.paid
        and not exists (select 1 from profiles o where o.id = j.user_id and o.role in ('suspended', 'banned'))
        and ${notHeld('job', 'j.id')} and ${companyActive('j.company_id')}) as job,
      (select j.screening_questions from jobs j where j.id = ${input.jobId}) as questions,
      exists(select 1 from jobs j where j.id = ${input.jobId} and j.expires_at <= now()) as closed,
      exists(select 1 from applications where job_id = ${input.jobId} and user_id = ${input.userId}) as applied`),
  );
  if (!state?.job) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  if (state.applied) throw conflict(ALREADY_APPLIED, 'ALREADY_APPLIED');
  // Past its closing date (decision 0036): the page still answers, but takes no new applications.
  if (state.closed) throw conflict(JOB_CLOSED, 'JOB_CLOSED');
  // The answers are checked against the questions the job asks now; a knockout missed still files
  // the application, marked for the team only (decision 0075).
  const checked = checkAnswers(state.questions ?? [], input.answers ?? {});
  if (!checked.ok)
    throw new HttpError(400, checked.problem.message, checked.problem.code, checked.problem.questionId ? `answer.${checked.problem.questionId}` : undefined);
  const answers: StoredAnswer[] = checked.answers;

  const stored: string[] = [];
  try {
    let resumeKey: string | null = null;
    let coverLetterKey: string | null = null;
    // The application keeps its own copy, so later edits to a saved resume never change what was sent.
    const resume = typeof input.resume === 'function' ? await input.resume() : input.resume;
    if (resume) {
      resumeKey = `resumes/${input.userId}_${uploadStamp()}.${resume.ext}`;
      // Listed before it is written: the keys are new, so a write that fails half-way is removed too.
      stored.push(resumeKey);
      await storeFile(storage, resumeKey, resume);
    }
    if (input.coverLetterFile) {
      coverLetterKey = `cover-letters/${input.userId}_coverletter_${uploadStamp()}.${input.coverLetterFile.ext}`;
      stored.push(coverLetterKey);
      await storeFile(storage, coverLetterKey, input.coverLetterFile);
    }
    return await db.transaction(async (tx) => {
      const resumeText = input.savedResume ? SAVED_RESUME_TEXT(input.userId) : sql`''`;
      const [row] = await tx
        .insert(applications)
        .values({
          jobId: input.jobId,
          userId: input.userId,
          coverLetter: input.coverLetter,
          resumeKey,
          coverLetterKey,
          answers,
          meetsRequirements: checked.meets,
          resumeText,
        })
        .returning({ id: applications.id });
      await input.onApplied?.(tx, row!.id);
      return row!;
    });
  } catch (err) {
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => {})));
    if (isUniqueViolation(err)) throw conflict(ALREADY_APPLIED, 'ALREADY_APPLIED');
    // The job was deleted while the files were being stored.
    if (isForeignKeyViolation(err)) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
    throw err;
  }
}

/** The saved resume's words (summary, skills, certifications, the strings of its entries), as sent with an application. */
const SAVED_RESUME_TEXT = (userId: string) =>
  sql`coalesce((select concat_ws(chr(10), r.summary, array_to_string(r.skills, ', '), array_to_string(r.certifications, ', '),
    (select string_agg(v #>> '{}', ' ') from jsonb_path_query(r.experience || r.education, 'strict $.**') v where jsonb_typeof(v) = 'string'))
    from resumes r where r.user_id = ${userId}), '')`;

interface MyApplicationRow extends Keyset {
  jobId: string;
  status: ApplicantStatus;
  title: string | null;
  company: string | null;
  country: string | null;
  resumeKey: string | null;
  coverLetterKey: string | null;
  timeline: TimelineEvent[];
}

/** What a stage shows the applicant as (the same map as statusOfStage, and Withdrawn). */
const visibleOf = (column: string) =>
  `case ${column} when 'Applied' then 'Pending' when 'Screening' then 'Reviewed' when 'Not selected' then 'Rejected' when 'Withdrawn' then 'Withdrawn' else 'Shortlisted' end`;

/**
 * The applicant's timeline of one application (alias `a`): applied, first viewed by the team,
 * interviews scheduled for the job, and the moves that changed what they see — named by the visible
 * status, never by the stage; a bulk move the team undid, and its undoing, are not there. Each part reads an index on the application (or job and applicant).
 */
const TIMELINE =
  sql.raw(`(select coalesce(json_agg(json_build_object('kind', e.kind, 'at', ${isoText('e.at')}, 'status', e.status) order by e.at, e.n), '[]'::json)
  from (
    select 0 as n, 'applied' as kind, a.created_at as at, null::text as status
    union all select 1, 'viewed', a.viewed_at, null where a.viewed_at is not null
    union all select 2, 'interview', i.created_at, null from interviews i where i.job_id = a.job_id and i.applicant_id = a.user_id and i.created_at >= a.created_at
    union all select 3, case when m.to_stage = 'Withdrawn' then 'withdrawn' else 'status' end, m.created_at, ${visibleOf('m.to_stage')}
      from application_stage_moves m where m.application_id = a.id and ${visibleOf('m.from_stage')} <> ${visibleOf('m.to_stage')}
        and not exists (select 1 from pipeline_batches b where b.id = m.batch and b.undone_at is not null)
  ) e)`);

export async function listMyApplications(db: Db, userId: string, cursor: string | undefined, limit: number) {
  const rows = await rowsOf<MyApplicationRow>(
    // The applicant's own view: the spec's status, or Withdrawn; never the stage, notes or ratings.
    db.execute(sql`select a.id, ${sql.raw(isoText('a.created_at'))} as "createdAt", a.job_id as "jobId",
        case when a.stage = 'Withdrawn' then 'Withdrawn' else a.status end as status,
        j.title, j.company, j.country, a.resume_key as "resumeKey", a.cover_letter_key as "coverLetterKey", ${TIMELINE} as timeline
      from applications a left join jobs j on j.id = a.job_id
      where a.user_id = ${userId} and ${afterCursor('a', decodeCursor(cursor))}
      order by a.user_id, a.created_at desc nulls last, a.id desc nulls last limit ${limit + 1}`),
  );
  return toPage(rows, limit, (r): MyApplication => ({
    id: r.id,
    jobId: r.jobId,
    status: r.status,
    createdAt: r.createdAt,
    job: r.title === null ? null : { title: r.title, company: r.company ?? '', country: r.country ?? '' },
    resumeUrl: fileUrl(r.id, 'resume', r.resumeKey),
    coverLetterUrl: fileUrl(r.id, 'cover-letter', r.coverLetterKey),
    timeline: r.timeline,
  }));
}

interface ApplicantRow extends Keyset {
  userId: string;
  applicantName: string;
  message: string;
  status: ApplicationStatus;
  stage: ApplicationStage;
  resumeKey: string | null;
  coverLetterKey: string | null;
  ratingAverage: string | number | null;
  ratingCount: number;
  myRating: number | null;
  notesCount: number;
  answers: StoredAnswer[];
  meetsRequirements: boolean | null;
  jobQuestions: ScreeningQuestion[];
}

/** An answer as the team reads it: `current` while the job still asks that question in those words. */
function teamAnswers(answers: StoredAnswer[], questions: ScreeningQuestion[]): ScreeningAnswer[] {
  return answers.map((a) => {
    const q = questions.find((x) => x.id === a.questionId);
    return { ...a, current: !!q && q.text === a.question && q.kind === a.kind };
  });
}

const toApplicant = (r: ApplicantRow): Applicant => ({
  id: r.id,
  userId: r.userId,
  applicantName: r.applicantName,
  message: r.message,
  status: r.status,
  stage: r.stage,
  createdAt: r.createdAt,
  resumeUrl: fileUrl(r.id, 'resume', r.resumeKey),
  coverLetterUrl: fileUrl(r.id, 'cover-letter', r.coverLetterKey),
  rating: { average: r.ratingAverage === null ? null : Number(r.ratingAverage), count: r.ratingCount, mine: r.myRating },
  notesCount: r.notesCount,
  answers: teamAnswers(r.answers ?? [], r.jobQuestions ?? []),
  meetsRequirements: r.meetsRequirements,
});

/** The team's view of an application (notes and ratings included: only team routes select this). */
const applicantColumns = (callerId: string) => sql`a.id, ${sql.raw(isoText('a.created_at'))} as "createdAt", a.user_id as "userId",
  coalesce(p.full_name, '') as "applicantName", a.cover_letter as message, a.status, a.stage,
  a.resume_key as "resumeKey", a.cover_letter_key as "coverLetterKey",
  (select round(avg(r.rating), 1) from application_ratings r where r.application_id = a.id) as "ratingAverage",
  (select count(*)::int from application_ratings r where r.application_id = a.id) as "ratingCount",
  (select r.rating::int from application_ratings r where r.application_id = a.id and r.user_id = ${callerId}) as "myRating",
  (select count(*)::int from application_notes n where n.application_id = a.id) as "notesCount",
  a.answers, a.meets_requirements as "meetsRequirements", j.screening_questions as "jobQuestions"`;

const RATING_AVG = sql.raw(`(select avg(r.rating) from application_ratings r where r.application_id = a.id)`);
const likeContains = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The workspace's filters (decision 0075) as SQL on `a` (the application) and `p` (the applicant's profile). */
function filterSql(f: ApplicantFilters & { stage?: ApplicationStage }) {
  const parts = [];
  if (f.stage) parts.push(sql`a.stage = ${f.stage}`);
  if (f.rating === 'unrated') parts.push(sql`not exists (select 1 from application_ratings r where r.application_id = a.id)`);
  else if (f.rating) parts.push(sql`${RATING_AVG} >= ${Number(f.rating)}`);
  if (f.knockout === 'fails') parts.push(sql`a.meets_requirements = false`);
  else if (f.knockout === 'meets') parts.push(sql`a.meets_requirements is not false`);
  if (f.resume) parts.push(sql`a.resume_key is not null`);
  if (f.answer) {
    const at = f.answer.indexOf(':');
    const wanted = JSON.stringify([{ questionId: f.answer.slice(0, at), value: f.answer.slice(at + 1) }]);
    parts.push(sql`a.answers @> ${wanted}::jsonb`);
  }
  const folded = f.q ? searchFold(f.q).trim() : '';
  if (folded) parts.push(sql`(a.search_lc like ${likeContains(folded)} or search_fold(coalesce(p.full_name, '')) like ${likeContains(folded)})`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/** A page of a list ordered by rating or best match: its offset, as an opaque cursor ("o40"). */
function decodeOffset(cursor: string | undefined): number {
  if (cursor === undefined || cursor === '') return 0;
  const m = /^o(\d{1,6})$/.exec(cursor);
  if (!m) throw badRequest('Invalid page cursor. Reload the list and try again.', 'INVALID_CURSOR');
  return Number(m[1]);
}

/**
 * The job's applicants, for its team or an admin; for anyone else the job is "not found". Filtered
 * in SQL; newest first is keyset-paged on the job's (created_at, id) index, rating and best match
 * (knockouts met, then rating, then newest) are offset-paged: both read only one page of rows.
 */
export async function listApplicants(
  db: Db,
  jobId: string,
  caller: { id: string; isAdmin: boolean },
  cursor: string | undefined,
  limit: number,
  filters: ApplicantFilters & { stage?: ApplicationStage } = {},
) {
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  // Every member of the job's company reads its applicants (viewers too); admins any job's.
  const [owned] = await rowsOf<{ id: string }>(
    db.execute(sql`select id from jobs j where j.id = ${jobId} and (${onJob(caller, 'j', 'viewer')} or ${caller.isAdmin})`),
  );
  if (!owned) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  const from = sql`from applications a join jobs j on j.id = a.job_id left join profiles p on p.id = a.user_id
      where a.job_id = ${jobId} and (${onJob(caller, 'j', 'viewer')} or ${caller.isAdmin}) and ${filterSql(filters)}`;
  const sort = filters.sort ?? 'newest';
  if (sort === 'newest') {
    const after = decodeCursor(cursor);
    const rows = await rowsOf<ApplicantRow>(
      db.execute(sql`select ${applicantColumns(caller.id)} ${from} and ${afterCursor('a', after)}
      order by a.job_id, a.created_at desc nulls last, a.id desc nulls last limit ${limit + 1}`),
    );
    return toPage(rows, limit, toApplicant);
  }
  const offset = decodeOffset(cursor);
  const order =
    sort === 'rating'
      ? sql`${RATING_AVG} desc nulls last, a.created_at desc, a.id desc`
      : sql`(a.meets_requirements is false), ${RATING_AVG} desc nulls last, a.created_at desc, a.id desc`;
  const rows = await rowsOf<ApplicantRow>(db.execute(sql`select ${applicantColumns(caller.id)} ${from} order by ${order} limit ${limit + 1} offset ${offset}`));
  const more = rows.length > limit;
  return { items: rows.slice(0, limit).map(toApplicant), nextCursor: more ? `o${offset + limit}` : null };
}

/**
 * The spec's status route on top of the stages (decision 0071): each status moves to its stage,
 * except Shortlisted, which leaves an application already at Interview, Offer or Hired where it is.
 * Only the owners and recruiters of the job's company may; the membership test is in every statement.
 * Runs in the caller's transaction (moveStages locks the row).
 */
export async function setApplicationStatus(db: Db, id: string, callerId: string, status: ApplicationStatus): Promise<Applicant> {
  if (!isUuid(id)) throw notFound(APPLICATION_NOT_FOUND, 'APPLICATION_NOT_FOUND');
  const caller = { id: callerId };
  const [current] = await rowsOf<{ stage: ApplicationStage }>(
    db.execute(sql`select a.stage from applications a join jobs j on j.id = a.job_id where a.id = ${id} and ${onJob(caller, 'j', 'recruiter')}`),
  );
  if (!current) throw notFound(APPLICATION_NOT_FOUND, 'APPLICATION_NOT_FOUND');
  const keep = status === 'Shortlisted' && ['Interview', 'Offer', 'Hired'].includes(current.stage);
  const to: TeamStage = keep ? (current.stage as TeamStage) : STAGE_OF_STATUS[status];
  await moveStages(db, caller, [id], to);
  return findTeamApplicant(db, caller, id, 'recruiter');
}

const STAGE_OF_STATUS: Record<ApplicationStatus, TeamStage> = {
  Pending: 'Applied',
  Reviewed: 'Screening',
  Shortlisted: 'Interview',
  Rejected: 'Not selected',
};
// The two maps agree (statusOfStage is what the database's CHECK says too).
for (const [status, stage] of Object.entries(STAGE_OF_STATUS)) if (statusOfStage(stage) !== status) throw new Error(`stage map: ${status}`);

/** One application as the team sees it, for a member with at least `role`; otherwise "not found". */
export async function findTeamApplicant(db: Db, caller: { id: string }, id: string, role: 'viewer' | 'recruiter' = 'viewer'): Promise<Applicant> {
  if (!isUuid(id)) throw notFound(APPLICATION_NOT_FOUND, 'APPLICATION_NOT_FOUND');
  const [row] = await rowsOf<ApplicantRow>(
    db.execute(sql`select ${applicantColumns(caller.id)} from applications a join jobs j on j.id = a.job_id left join profiles p on p.id = a.user_id
      where a.id = ${id} and ${onJob(caller, 'j', role)}`),
  );
  if (!row) throw notFound(APPLICATION_NOT_FOUND, 'APPLICATION_NOT_FOUND');
  return toApplicant(row);
}

/**
 * The storage key of an application's document, if the caller may read it: the applicant, a
 * member of the job's company or an admin. Everyone else learns nothing, not even whether the application exists.
 */
export async function findApplicationFile(db: Db, id: string, kind: FileKindParam, caller: { id: string; isAdmin: boolean } | null): Promise<string | null> {
  if (!caller || !isUuid(id)) return null;
  const column = sql.raw(kind === 'resume' ? 'a.resume_key' : 'a.cover_letter_key');
  const [row] = await rowsOf<{ key: string | null }>(
    db.execute(sql`select ${column} as key from applications a join jobs j on j.id = a.job_id
      where a.id = ${id} and (a.user_id = ${caller.id} or ${onJob(caller, 'j', 'viewer')} or ${caller.isAdmin})`),
  );
  return row?.key ?? null;
}

/**
 * For the file sweep: which of these document keys an application still points to. Keys start with
 * the applicant's id (resumes/{userId}_…, cover-letters/{userId}_coverletter_…), so the lookup uses
 * the user_id index; a key of another shape is looked up by itself.
 */
export async function referencedApplicationKeys(db: Db, keys: string[]): Promise<string[]> {
  const userIds = new Set<string>();
  const others: string[] = [];
  for (const key of keys) {
    const id = key.match(/^(?:resumes|cover-letters)\/([A-Za-z0-9-]+)_/)?.[1];
    if (id) userIds.add(id);
    else others.push(key);
  }
  const found = new Set<string>();
  const collect = (rows: Array<{ resumeKey: string | null; coverLetterKey: string | null }>) => {
    for (const r of rows) for (const k of [r.resumeKey, r.coverLetterKey]) if (k) found.add(k);
  };
  const columns = { resumeKey: applications.resumeKey, coverLetterKey: applications.coverLetterKey };
  if (userIds.size)
    collect(
      await db
        .select(columns)
        .from(applications)
        .where(inArray(applications.userId, [...userIds])),
    );
  if (others.length) {
    collect(
      await db
        .select(columns)
        .from(applications)
        .where(or(inArray(applications.resumeKey, others), inArray(applications.coverLetterKey, others))),
    );
  }
  return keys.filter((key) => found.has(key));
}

/** The tabs' counts: how many of the job's applications are at each stage (one index-only pass). */
export async function countStages(db: Db, jobId: string, caller: { id: string; isAdmin: boolean }) {
  if (!isUuid(jobId)) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  const [owned] = await rowsOf<{ id: string }>(
    db.execute(sql`select id from jobs j where j.id = ${jobId} and (${onJob(caller, 'j', 'viewer')} or ${caller.isAdmin})`),
  );
  if (!owned) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  const rows = await rowsOf<{ stage: string; n: number }>(
    db.execute(sql`select stage, count(*)::int as n from applications where job_id = ${jobId} group by stage`),
  );
  const counts = Object.fromEntries(rows.map((r) => [r.stage, r.n]));
  return { counts, total: rows.reduce((s, r) => s + r.n, 0) };
}
