import path from 'node:path';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { resumes } from '../../db/schema';
import { csvLines, csvRow } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import { isUuid } from '../../lib/ids';
import { onJob, type CompanyCaller } from '../../lib/company-access';
import { isoText, rowsOf } from '../../lib/keyset';
import { resumeContent } from '../../lib/resume-document';
import type { PackSection } from '../../lib/resume-pdf';
import type { LanguageCode, StoredAnswer } from '@caribconnect/shared';
import { EMAIL_CATALOGS, emailText, type EmailKey } from '../../lib/emails';

/**
 * Issue 45's export (decision 0078): a job's applicants as CSV, and one applicant's candidate pack.
 * Both for the members of the job's company (owner, recruiter, viewer); anyone else finds nothing.
 */

const JOB_NOT_FOUND = () => notFound('Job not found.', 'JOB_NOT_FOUND');
const APPLICATION_NOT_FOUND = () => notFound('Application not found.', 'APPLICATION_NOT_FOUND');

/** The applicant's email as the team sees it on their profile: none while moderation holds the profile back. */
const TEAM_EMAIL = sql`case when exists (select 1 from moderation_holds h where h.item_type = 'profile' and h.item_id = a.user_id) then '' else coalesce(p.email, '') end`;

/**
 * The CSV's columns, in order: a header and the SQL of its cell (over `a` applications, `p` the
 * applicant's profile). One list: a column (the screening answers, say) is one entry here.
 */
export const APPLICANT_CSV_COLUMNS: ReadonlyArray<{ header: string; cell: SQL }> = [
  { header: 'Name', cell: sql`coalesce(p.full_name, '')` },
  { header: 'Email', cell: TEAM_EMAIL },
  { header: 'Applied at', cell: sql.raw(isoText('a.created_at')) },
  { header: 'Stage', cell: sql`a.stage` },
  // What the applicant sees: the spec's four statuses, or Withdrawn.
  { header: 'Status', cell: sql`case when a.stage = 'Withdrawn' then 'Withdrawn' else a.status end` },
  { header: 'Rating average', cell: sql`coalesce((select round(avg(r.rating), 1)::text from application_ratings r where r.application_id = a.id), '')` },
  { header: 'Ratings', cell: sql`(select count(*)::int from application_ratings r where r.application_id = a.id)` },
  // How many notes, never their text.
  { header: 'Notes', cell: sql`(select count(*)::int from application_notes n where n.application_id = a.id)` },
  // The knockout flag (decision 0075): empty when the job asked no knockout question.
  { header: 'Meets requirements', cell: sql`case a.meets_requirements when true then 'Yes' when false then 'No' else '' end` },
  // Each answer with its question's text as it was asked, in the order asked.
  {
    header: 'Screening answers',
    cell: sql`coalesce((select string_agg((q.v ->> 'question') || ': ' || (q.v ->> 'value'), '; ' order by q.n) from jsonb_array_elements(a.answers) with ordinality q(v, n)), '')`,
  },
];

/** Rows read per statement: the event loop is given back between pages of a large job. */
const CSV_PAGE = 1000;

/**
 * The job's applicants as CSV lines (header first), newest first, for a member of its company; for
 * anyone else the job is "not found". Spreadsheet-safe cells (csvCell). Returns the job's title
 * for the file's name and a generator of the body, read a page at a time.
 */
export async function applicantsCsv(db: Db, caller: CompanyCaller, jobId: string): Promise<{ title: string; chunks: AsyncGenerator<string> }> {
  if (!isUuid(jobId)) throw JOB_NOT_FOUND();
  const [job] = await rowsOf<{ title: string }>(db.execute(sql`select j.title from jobs j where j.id = ${jobId} and ${onJob(caller, 'j', 'viewer')}`));
  if (!job) throw JOB_NOT_FOUND();
  const cells = sql.join(
    APPLICANT_CSV_COLUMNS.map((c, i) => sql`${c.cell} as ${sql.raw(`c${i}`)}`),
    sql`, `,
  );
  async function* chunks() {
    yield csvLines([csvRow(APPLICANT_CSV_COLUMNS.map((c) => c.header))]);
    let after: { createdAt: string; id: string } | null = null;
    for (;;) {
      const rows: Array<Record<string, string | number> & { k: string; id: string }> = await rowsOf(
        db.execute(sql`select ${cells}, ${sql.raw(isoText('a.created_at'))} as k, a.id
          from applications a join jobs j on j.id = a.job_id left join profiles p on p.id = a.user_id
          where a.job_id = ${jobId} and ${onJob(caller, 'j', 'viewer')}
            and (${after?.createdAt ?? null}::timestamptz is null or (a.created_at, a.id) < (${after?.createdAt ?? null}::timestamptz, ${after?.id ?? null}::uuid))
          order by a.job_id, a.created_at desc, a.id desc limit ${CSV_PAGE}`),
      );
      if (!rows.length) return;
      yield csvLines(rows.map((r) => csvRow(APPLICANT_CSV_COLUMNS.map((_, i) => r[`c${i}`] ?? ''))));
      if (rows.length < CSV_PAGE) return;
      const last = rows[rows.length - 1]!;
      after = { createdAt: last.k, id: last.id };
    }
  }
  return { title: job.title, chunks: chunks() };
}

/** An ASCII file name part from a title ("Front Desk Agent" -> "front-desk-agent"). */
export const fileSlug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'job';

interface PackRow {
  userId: string;
  name: string;
  email: string;
  phone: string;
  country: string;
  bio: string;
  jobTitle: string;
  company: string;
  appliedAt: string;
  stage: string;
  status: string;
  coverLetter: string;
  resumeKey: string | null;
  coverLetterKey: string | null;
  documentsDeletedAt: string | null;
  answers: StoredAnswer[];
  meetsRequirements: boolean | null;
}

const day = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/**
 * One applicant's candidate pack as the sections of a PDF: profile, the application and its cover
 * letter, the resume's fields (when the applicant lets employers read it, decision 0013) and the
 * documents sent; the team's ratings and notes only when `withNotes`. Its headings, labels and
 * stage names in `language`, the requester's (decision 0076); what people wrote stays as written.
 * For a member of the job's company; otherwise "not found".
 */
export async function candidatePack(
  db: Db,
  caller: CompanyCaller,
  id: string,
  withNotes: boolean,
  language: LanguageCode = 'en',
): Promise<{ name: string; sections: PackSection[] }> {
  if (!isUuid(id)) throw APPLICATION_NOT_FOUND();
  const [r] = await rowsOf<PackRow>(
    db.execute(sql`select a.user_id as "userId", coalesce(p.full_name, '') as name, ${TEAM_EMAIL} as email, coalesce(p.phone, '') as phone,
        coalesce(p.country, '') as country, coalesce(p.bio, '') as bio, j.title as "jobTitle", j.company,
        ${sql.raw(isoText('a.created_at'))} as "appliedAt", a.stage, case when a.stage = 'Withdrawn' then 'Withdrawn' else a.status end as status,
        a.cover_letter as "coverLetter", a.resume_key as "resumeKey", a.cover_letter_key as "coverLetterKey",
        ${sql.raw(isoText('a.documents_deleted_at'))} as "documentsDeletedAt", a.answers, a.meets_requirements as "meetsRequirements"
      from applications a join jobs j on j.id = a.job_id left join profiles p on p.id = a.user_id
      where a.id = ${id} and ${onJob(caller, 'j', 'viewer')}`),
  );
  if (!r) throw APPLICATION_NOT_FOUND();
  const t = (key: EmailKey, vars?: Record<string, string>) => emailText(language, key, vars);
  // A stage or status we have no word for (none today) is shown as stored.
  const word = (key: string, fallback: string) => (key in EMAIL_CATALOGS.en ? t(key as EmailKey) : fallback);
  const field = (label: string, value: string) => ({ kind: 'field' as const, label, value });
  const sections: PackSection[] = [
    {
      heading: t('pdf.pack.profile'),
      items: [
        field(t('pdf.pack.email'), r.email),
        field(t('pdf.pack.phone'), r.phone),
        field(t('pdf.pack.country'), r.country),
        ...(r.bio ? [{ kind: 'text' as const, text: r.bio }] : []),
      ],
    },
    {
      heading: t('pdf.pack.application'),
      items: [
        field(t('pdf.pack.job'), `${r.jobTitle} · ${r.company}`),
        field(t('pdf.pack.applied'), day(r.appliedAt)),
        field(t('pdf.pack.stage'), word(`pdf.stage.${r.stage}`, r.stage)),
        field(t('pdf.pack.statusShown'), r.status === 'Withdrawn' ? t('pdf.stage.Withdrawn') : word(`status.${r.status}`, r.status)),
      ],
    },
    { heading: t('pdf.pack.coverLetter'), items: [{ kind: 'text', text: r.coverLetter.trim() || t('pdf.pack.noCoverLetter') }] },
  ];
  if (r.answers.length) {
    sections.push({
      heading: t('pdf.pack.screening'),
      items: [
        ...(r.meetsRequirements === false ? [field(t('pdf.pack.requirements'), t('pdf.pack.failsRequirement'))] : []),
        ...r.answers.map((a) => field(a.question, a.meets === false ? t('pdf.pack.answerFails', { answer: a.value }) : a.value)),
      ],
    });
  }
  const [resume] = await db.select().from(resumes).where(eq(resumes.userId, r.userId));
  if (resume && resume.visibility !== 'nobody') {
    const c = resumeContent(resume);
    const items: PackSection['items'] = [];
    if (c.summary) items.push({ kind: 'text', text: c.summary });
    for (const e of c.experience) items.push({ kind: 'entry', ...e });
    for (const e of c.education) items.push({ kind: 'entry', ...e });
    if (c.skills.length) items.push(field(t('pdf.pack.skills'), c.skills.join(', ')));
    for (const cert of c.certifications) items.push({ kind: 'bullet', text: cert });
    if (items.length) sections.push({ heading: t('pdf.pack.resume'), items });
  }
  const documents: PackSection['items'] = r.documentsDeletedAt
    ? [{ kind: 'text', text: t('pdf.pack.documentsDeleted', { date: day(r.documentsDeletedAt) }) }]
    : [
        ...(r.resumeKey ? [field(t('pdf.pack.resumeFile'), path.posix.basename(r.resumeKey))] : []),
        ...(r.coverLetterKey ? [field(t('pdf.pack.coverLetterFile'), path.posix.basename(r.coverLetterKey))] : []),
      ];
  sections.push({ heading: t('pdf.pack.documents'), items: documents.length ? documents : [{ kind: 'text', text: t('pdf.pack.none') }] });
  if (withNotes) {
    const ratings = await rowsOf<{ name: string; rating: number }>(
      db.execute(sql`select coalesce(p.full_name, '') as name, r.rating::int as rating from application_ratings r left join profiles p on p.id = r.user_id
        where r.application_id = ${id} order by r.updated_at, r.user_id`),
    );
    const notes = await rowsOf<{ author: string; at: string; body: string }>(
      db.execute(sql`select coalesce(p.full_name, '') as author, ${sql.raw(isoText('n.created_at'))} as at, n.body
        from application_notes n left join profiles p on p.id = n.author_id where n.application_id = ${id} order by n.created_at, n.id limit 200`),
    );
    const average = ratings.length ? (ratings.reduce((s, x) => s + x.rating, 0) / ratings.length).toFixed(1) : null;
    sections.push({
      heading: t('pdf.pack.ratings'),
      items: ratings.length
        ? [field(t('pdf.pack.average'), `${average} / 5`), ...ratings.map((x) => field(x.name || t('pdf.pack.formerMember'), `${x.rating} / 5`))]
        : [{ kind: 'text', text: t('pdf.pack.noRatings') }],
    });
    sections.push({
      heading: t('pdf.pack.notes'),
      items: notes.length
        ? notes.map((n) => ({ kind: 'entry' as const, title: n.author || t('pdf.pack.formerMember'), place: '', period: day(n.at), detail: n.body }))
        : [{ kind: 'text', text: t('pdf.pack.noNotes') }],
    });
  }
  return { name: r.name, sections };
}

// ---- Retention ----

/** Applications handled per statement by the retention job. */
const RETENTION_CHUNK = 200;

/**
 * Deletes the documents of applications that have been Not selected or Withdrawn for more than
 * `days` (their stage change is `updated_at`, which every move and a withdrawal set). Each chunk's
 * rows are cleared (keys null, documents_deleted_at set) in one statement that returns the keys it
 * cleared, then the files are deleted; a file whose delete fails is unreferenced from then on, and
 * the hourly file sweep removes it. Idempotent: a cleared row holds no key to find again.
 */
export async function deleteExpiredDocuments(
  app: FastifyInstance,
  days = app.config.applicationRetentionDays,
): Promise<{ applications: number; files: number }> {
  const db = app.db.db;
  let applications = 0;
  let files = 0;
  for (;;) {
    const rows = await rowsOf<{ id: string; resumeKey: string | null; coverLetterKey: string | null }>(
      db.execute(sql`with due as (
          select id, resume_key, cover_letter_key from applications
          where stage in ('Not selected', 'Withdrawn') and (resume_key is not null or cover_letter_key is not null)
            and updated_at < now() - make_interval(days => ${days})
          order by updated_at, id limit ${RETENTION_CHUNK} for update skip locked)
        update applications a set resume_key = null, cover_letter_key = null, documents_deleted_at = now()
        from due where a.id = due.id
        returning a.id, due.resume_key as "resumeKey", due.cover_letter_key as "coverLetterKey"`),
    );
    if (!rows.length) break;
    const keys = rows.flatMap((r) => [r.resumeKey, r.coverLetterKey]).filter((k): k is string => !!k);
    const results = await Promise.allSettled(keys.map((key) => app.storage.delete(key)));
    results.forEach((res, i) => {
      if (res.status === 'rejected') app.log.warn({ key: keys[i], err: res.reason }, 'retention: a document could not be deleted; the file sweep will');
    });
    applications += rows.length;
    files += results.filter((res) => res.status === 'fulfilled').length;
    app.log.info(
      { applications: rows.length, ids: rows.map((r) => r.id), files: keys.length, retentionDays: days },
      'retention: application documents deleted',
    );
    if (rows.length < RETENTION_CHUNK) break;
  }
  return { applications, files };
}
