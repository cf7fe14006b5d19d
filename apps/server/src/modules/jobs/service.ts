import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  closingDayEnd,
  type CompanyRole,
  currencyOfCountry,
  FALLBACK_JOB_CATEGORIES,
  JOB_OPEN_DAYS_DEFAULT,
  JOBS_TOTAL_CAP,
  type jobInput,
  type jobUpdate,
  type Job,
  type JobCategory,
  type JobListFilters,
  type JobPage,
  type JobSummary,
  type JobTotal,
  publicQuestion,
  type ScreeningQuestion,
  type screeningQuestionsInput,
} from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { cancelUpcomingInterviews, countUpcomingInterviews, type InterviewRow } from '../../lib/interviews/rows';
import { applications, jobCategories, jobs } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import { COMPANY_ROLE_FORBIDDEN, onJob } from '../../lib/company-access';
import { readPaymentSettings } from '../../lib/settings';
import { notBlockedBy, notHeld, verifiedJobSql } from '../../lib/moderation';
import { isUuid } from '../../lib/ids';
import { decodeCursor, isoText, rowsOf, toPage } from '../../lib/keyset';
import { jobCountQuery, jobListPlan, PUBLICLY_LISTED, runJobListPlan, type JobSummaryRow } from '../../lib/job-list-query';
import { searchJobs } from '../../lib/search';
import { jobsForYou } from '../../lib/search/for-you';
import { decodeRankedCursor, encodeRankedCursor, RANKED_WINDOW } from '../../lib/search/rank';

export const JOB_NOT_FOUND = 'Job not found.';

export interface JobListInput extends JobListFilters {
  cursor?: string;
  limit: number;
  state?: 'open' | 'closed';
}

type JobRow = Omit<typeof jobs.$inferSelect, 'searchLc' | 'salaryYearly' | 'reminded7dAt' | 'reminded1dAt' | 'updatedAt' | 'screeningQuestions'>;

/**
 * A job's screening questions as stored (decision 0075): a question keeps the id it was sent with,
 * which must be one of the job's current questions (so answers stay linked to it); a new one gets a
 * fresh id. An id the job never had is refused, on Post as on Edit.
 */
export function storedQuestions(input: z.output<typeof screeningQuestionsInput>, current: ScreeningQuestion[]): ScreeningQuestion[] {
  const known = new Set(current.map((q) => q.id));
  return input.map((q) => {
    if (q.id !== undefined && !known.has(q.id)) throw badRequest('A question is not one of this job’s questions.', 'UNKNOWN_QUESTION');
    return { id: q.id ?? randomUUID(), kind: q.kind, text: q.text, required: q.required, options: q.options, knockout: q.knockout, accept: q.accept };
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function toJob(row: JobRow, now: Date = new Date()): Job {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    country: row.country,
    category: row.category,
    description: row.description,
    salary: row.salary,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    paid: row.paid,
    expiresAt: row.expiresAt.toISOString(),
    expired: row.expiresAt.getTime() <= now.getTime(),
    employmentType: row.employmentType as Job['employmentType'],
    workplace: row.workplace as Job['workplace'],
    salaryMin: row.salaryMin === null ? null : Number(row.salaryMin),
    salaryMax: row.salaryMax === null ? null : Number(row.salaryMax),
    salaryCurrency: row.salaryCurrency,
    salaryPeriod: row.salaryPeriod as Job['salaryPeriod'],
    // Callers answering someone outside the job's team and the admins leave it out (getJob).
    listingPrice: row.listingPrice,
    listingCurrency: row.listingCurrency,
  };
}

/** `owned`: the list is the caller's company's own (Your Job Listings), so it carries each job's kept price. */
export function toSummary(row: JobSummaryRow, owned = false): JobSummary {
  return {
    id: row.id,
    title: row.title,
    company: row.company,
    country: row.country,
    category: row.category,
    description: row.truncated ? `${row.description.trimEnd()}…` : row.description,
    salary: row.salary,
    paid: row.paid,
    verifiedEmployer: row.verifiedEmployer,
    companySlug: row.companySlug,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    expired: row.expired,
    employmentType: row.employmentType as JobSummary['employmentType'],
    workplace: row.workplace as JobSummary['workplace'],
    salaryMin: row.salaryMin,
    salaryMax: row.salaryMax,
    salaryCurrency: row.salaryCurrency,
    salaryPeriod: row.salaryPeriod as JobSummary['salaryPeriod'],
    ...(owned ? { listingPrice: row.listingPrice, listingCurrency: row.listingCurrency } : {}),
  };
}

/** Empty filter values mean "no filter", as an empty search box does. */
const given = (v: string | undefined) => (v ? v : undefined);

/**
 * Filters whose count reached the cap recently, with when that stops being trusted. Reaching the cap
 * is the expensive case (it reads JOBS_TOTAL_CAP + 1 rows, e.g. the bare list everyone lands on)
 * and the one least likely to change within a minute; smaller counts go through indexes and are
 * always fresh. One per app instance, so instances may disagree for a minute about "1,000+".
 */
export class CappedTotals {
  private readonly until = new Map<string, number>();
  constructor(private readonly ttlMs = 60_000) {}
  private key = (f: JobListFilters) =>
    JSON.stringify([f.title, f.category, f.country, f.date, f.type, f.workplace, f.salary, f.per, f.currency, f.verified, f.sort]);
  has(f: JobListFilters, now: number): boolean {
    const until = this.until.get(this.key(f));
    return until !== undefined && until > now;
  }
  remember(f: JobListFilters, now: number) {
    // A flood of distinct filters must not grow it without bound.
    if (this.until.size >= 1000) this.until.clear();
    this.until.set(this.key(f), now + this.ttlMs);
  }
}

/** The jobs list (anyone) or, with ownerId, one employer's own jobs; newest first, keyset-paginated. */
export async function listJobs(
  db: Db,
  input: JobListInput,
  opts: { ownerId?: string; companyId?: string; viewerId?: string; now?: Date; cappedTotals?: CappedTotals } = {},
): Promise<JobPage> {
  const filters = {
    title: given(input.title),
    category: given(input.category),
    country: given(input.country),
    date: input.date,
    type: input.type,
    workplace: input.workplace,
    salary: input.salary,
    per: input.per,
    currency: input.currency,
    verified: input.verified,
    viewerId: opts.viewerId,
    // A ranked page's cursor (decision 0072) is read by the search; this one is the newest-first list's.
    after: (input.sort === 'relevance' || input.sort === 'foryou') && input.cursor?.startsWith('r') ? null : decodeCursor(input.cursor),
    limit: input.limit,
    userId: opts.ownerId,
    companyId: opts.companyId,
    state: input.state,
    sort: input.sort,
  };
  const now = opts.now ?? new Date();
  // "For you" (decision 0072): the signed-in caller's Jobs for you ranking over the list's filters, in pages of an offset.
  if (input.sort === 'foryou' && opts.viewerId && !opts.ownerId && !opts.companyId) {
    const offset = decodeRankedCursor(input.cursor);
    const found = await jobsForYou(db, opts.viewerId, { limit: filters.limit + 1, offset, now, toSummary: (row) => toSummary(row), filters });
    if (found) {
      const more = found.items.length > filters.limit && offset + filters.limit < RANKED_WINDOW;
      // The card's fields only: why a job is for them is Jobs for you's page.
      const items = found.items.slice(0, filters.limit).map(({ reasons: _reasons, ...summary }) => summary);
      return {
        items,
        nextCursor: more ? encodeRankedCursor(offset + filters.limit) : null,
        sort: 'foryou',
        ...(input.cursor ? {} : { forYou: found.hasResume }),
      };
    }
  }
  // Search words ranked by relevance (decision 0072): the public list only; Your Job Listings stays newest first.
  if (input.sort === 'relevance' && !opts.ownerId) {
    const ranked = await searchJobs(db, filters, { cursor: input.cursor, now, cappedTotals: opts.cappedTotals, toSummary: (row) => toSummary(row) });
    if (ranked) return ranked;
  }
  const plan = jobListPlan(filters, now);
  const rows = await runJobListPlan(plan, filters.limit, (q) => rowsOf(db.execute(q)));
  const listed = toPage(rows, filters.limit, (row) => toSummary(row, !!opts.ownerId));
  // Only the public list's first page says how many match: the count does not change from page to page.
  if (input.cursor || opts.ownerId || opts.companyId) return listed;
  const page = opts.viewerId ? { ...listed, forYou: await hasResume(db, opts.viewerId) } : listed;
  const capped = opts.cappedTotals;
  if (capped?.has(filters, now.getTime())) return { ...page, total: { count: JOBS_TOTAL_CAP, capped: true } };
  const total = await countJobs(db, filters, now);
  if (total.capped) capped?.remember(filters, now.getTime());
  return { ...page, total };
}

async function countJobs(db: Db, filters: Parameters<typeof jobCountQuery>[0], now: Date): Promise<JobTotal> {
  const query = jobCountQuery(filters, now, JOBS_TOTAL_CAP);
  if (!query) return { count: 0, capped: false };
  const [row] = await rowsOf<{ n: number }>(db.execute(query));
  const n = row?.n ?? 0;
  return { count: Math.min(n, JOBS_TOTAL_CAP), capped: n > JOBS_TOTAL_CAP };
}

/**
 * The countries with at least one publicly listed job, alphabetically. A loose index scan on
 * jobs_country_created_at_idx: one probe per country (at most ~250), however many jobs there are.
 */
export async function listJobCountries(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ country: string }>(
    db.execute(sql`with recursive c(country) as (
        (select j.country from jobs j where ${PUBLICLY_LISTED} and j.expires_at > now() order by j.country limit 1)
        union all
        select (select j.country from jobs j where j.country > c.country and ${PUBLICLY_LISTED} and j.expires_at > now() order by j.country limit 1)
        from c where c.country is not null
      )
      select country from c where country is not null`),
  );
  return rows.map((r) => r.country);
}

/**
 * One job. An unpaid job, or one whose owner is suspended or banned, is "not found" for everyone but
 * its company's team and admins (spec section 4: hidden until paid / reinstated). The team is who is
 * a member of the job's company now, read in the statement (teamRole): whoever posted it and was then
 * removed reads it as any stranger does (decision 0076). `viewerTeamRole` tells the page which of
 * the team's actions to offer.
 */
export async function getJob(db: Db, id: string, viewer: { id: string; isAdmin: boolean } | null = null): Promise<Job> {
  if (!isUuid(id)) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  // The viewer's own application only (the applications table is matched on the viewer's id in SQL):
  // anonymous callers get no date, and nobody learns whether someone else applied.
  const applied = viewer ? sql`(select ${sql.raw(isoText('a.created_at'))} from applications a where a.job_id = j.id and a.user_id = ${viewer.id})` : sql`null`;
  const [row] = await rowsOf<
    JobRow & {
      screeningQuestions: ScreeningQuestion[];
      ownerLocked: boolean;
      appliedAt: string | null;
      held: boolean;
      verifiedEmployer: boolean;
      notBlocked: boolean;
      teamRole: CompanyRole | null;
      companySlug: string | null;
      companyName: string | null;
      companyLogoUrl: string | null;
      companySuspended: boolean;
    }
  >(
    db.execute(sql`select j.id, j.title, j.company, j.country, j.category, j.description, j.salary, j.address, j.paid,
        j.created_at as "createdAt", j.user_id as "userId", j.expires_at as "expiresAt", j.employment_type as "employmentType",
        j.workplace, j.salary_min::float8 as "salaryMin", j.salary_max::float8 as "salaryMax", j.salary_currency as "salaryCurrency",
        j.salary_period as "salaryPeriod", j.listing_price::text as "listingPrice", j.listing_currency as "listingCurrency",
        j.screening_questions as "screeningQuestions",
        exists (select 1 from profiles o where o.id = j.user_id and o.role in ('suspended', 'banned')) as "ownerLocked",
        not ${notHeld('job', 'j.id')} as held, ${verifiedJobSql('j')} as "verifiedEmployer",
        ${viewer ? notBlockedBy(viewer, 'j.user_id') : sql`true`} as "notBlocked",
        ${applied} as "appliedAt", c.slug as "companySlug", c.name as "companyName", c.logo_url as "companyLogoUrl",
        c.suspended_at is not null as "companySuspended",
        ${viewer ? sql`(select cm.role from company_members cm where cm.company_id = j.company_id and cm.user_id = ${viewer.id})` : sql`null`} as "teamRole"
      from jobs j left join companies c on c.id = j.company_id where j.id = ${id}`),
  );
  if (!row) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  // The team is anyone with a role in the job's company now (any role reads what the team reads).
  const privileged = row.teamRole != null || !!viewer?.isAdmin;
  if ((!row.paid || row.ownerLocked || row.held || !row.notBlocked || row.companySuspended) && !privileged) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  // A closed job's page still answers (shared links keep working); it says so and takes no applications.
  const { listingPrice, listingCurrency, ...asJob } = toJob({ ...row, createdAt: new Date(row.createdAt), expiresAt: new Date(row.expiresAt) });
  const found = {
    ...asJob,
    // The price it was posted at: for its team and admins only (issue 47).
    ...(privileged ? { listingPrice, listingCurrency } : {}),
    verifiedEmployer: row.verifiedEmployer,
    companySlug: row.companySuspended ? null : row.companySlug,
    companyName: row.companyName,
    companyLogoUrl: row.companySuspended ? null : row.companyLogoUrl,
    // Which answers a knockout wants is the team's to know, never the applicant's.
    questions: privileged ? row.screeningQuestions : row.screeningQuestions.map(publicQuestion),
  };
  return viewer ? { ...found, appliedAt: row.appliedAt ?? null, viewerTeamRole: row.teamRole } : found;
}

type SalaryFields = Pick<JobRow, 'salaryMin' | 'salaryMax' | 'salaryCurrency' | 'salaryPeriod'>;

/**
 * A salary's currency and period matter only with an amount: without one both are cleared; with one
 * they default to the country's currency and to a month (how the region states pay).
 */
function salaryOf(v: Partial<SalaryFields>, country: string): SalaryFields {
  const salaryMin = v.salaryMin ?? null;
  const salaryMax = v.salaryMax ?? null;
  if (salaryMin === null && salaryMax === null) return { salaryMin, salaryMax, salaryCurrency: null, salaryPeriod: null };
  if (salaryMin !== null && salaryMax !== null && salaryMax < salaryMin)
    throw badRequest('The maximum salary must not be below the minimum.', 'VALIDATION_FAILED');
  return { salaryMin, salaryMax, salaryCurrency: v.salaryCurrency ?? currencyOfCountry(country), salaryPeriod: v.salaryPeriod ?? 'month' };
}

/** The closing moment of a picked day, or JOB_OPEN_DAYS_DEFAULT days from now. */
const closingOf = (closesOn: string | undefined, now: Date) => (closesOn ? closingDayEnd(closesOn) : new Date(now.getTime() + JOB_OPEN_DAYS_DEFAULT * DAY_MS));

/** While jobs are not free (settings.jobs_free = false) a new job waits for an admin to record its payment. */
export async function createJob(
  db: Db,
  userId: string,
  input: z.output<typeof jobInput>,
  /** Called in the transaction when the job is public at once (free posting): its company's followers hear of it. */
  onListed?: (tx: Db, jobId: string) => Promise<void>,
): Promise<Job> {
  const { jobsFree, jobPrice, currency } = await readPaymentSettings(db);
  const { closesOn, salaryMin, salaryMax, salaryCurrency, salaryPeriod, employmentType, workplace, questions, ...text } = input;
  const screeningQuestions = storedQuestions(questions ?? [], []);
  return db.transaction(async (tx) => {
    // The poster's company and role, locked until the job is in: a removal or a change of role waits.
    // An employer without one (made an employer by an admin) gets one from their profile (0070).
    const [member] = await rowsOf<{ companyId: string; role: string }>(
      tx.execute(sql`select company_id as "companyId", role from company_members where user_id = ${userId} for update`),
    );
    if (member && member.role === 'viewer') throw forbidden(COMPANY_ROLE_FORBIDDEN, 'COMPANY_ROLE_FORBIDDEN');
    const companyId = member?.companyId ?? (await rowsOf<{ id: string }>(tx.execute(sql`select ensure_company(${userId}) as id`)))[0]!.id;
    const [row] = await tx
      .insert(jobs)
      .values({
        companyId,
        ...text,
        employmentType: employmentType ?? null,
        workplace: workplace ?? null,
        screeningQuestions,
        ...salaryOf({ salaryMin, salaryMax, salaryCurrency, salaryPeriod }, text.country),
        expiresAt: closingOf(closesOn, new Date()),
        userId,
        paid: jobsFree,
        // The job keeps the price it was posted at: a later change applies to new jobs only (issue 47).
        ...(jobsFree ? {} : { listingPrice: Number(jobPrice).toFixed(2), listingCurrency: currency }),
      })
      .returning();
    if (row!.paid && onListed) await onListed(tx as Db, row!.id);
    return { ...toJob(row!), questions: screeningQuestions };
  });
}

/**
 * The owner check is part of the WHERE: someone else's job is "not found" and stays as it was. The
 * salary is merged with the stored one (a PATCH may send part of it) and checked as a whole.
 */
export async function updateOwnJob(db: Db, id: string, userId: string, changes: z.output<typeof jobUpdate>): Promise<Job> {
  if (!isUuid(id)) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), onJob({ id: userId }, 'jobs', 'recruiter')))
      .for('update');
    if (!current) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
    const { closesOn, salaryMin, salaryMax, salaryCurrency, salaryPeriod, questions, ...rest } = changes;
    const currentQuestions = current.screeningQuestions as ScreeningQuestion[];
    const screening = questions === undefined ? {} : { screeningQuestions: storedQuestions(questions, currentQuestions) };
    const merged = {
      salaryMin: salaryMin === undefined ? current.salaryMin : salaryMin,
      salaryMax: salaryMax === undefined ? current.salaryMax : salaryMax,
      salaryCurrency: salaryCurrency === undefined ? current.salaryCurrency : salaryCurrency,
      salaryPeriod: salaryPeriod === undefined ? current.salaryPeriod : salaryPeriod,
    };
    // A new country brings its currency when the currency was not chosen in the same change.
    if (rest.country && rest.country !== current.country && salaryCurrency === undefined) merged.salaryCurrency = null;
    const closing = closesOn ? { expiresAt: closingDayEnd(closesOn), reminded7dAt: null, reminded1dAt: null } : {};
    const [row] = await tx
      .update(jobs)
      .set({ ...rest, ...screening, ...salaryOf(merged as Partial<SalaryFields>, rest.country ?? current.country), ...closing, updatedAt: new Date() })
      .where(and(eq(jobs.id, id), onJob({ id: userId }, 'jobs', 'recruiter')))
      .returning();
    return { ...toJob(row!), questions: row!.screeningQuestions as ScreeningQuestion[] };
  });
}

/** Renew: open again for JOB_OPEN_DAYS_DEFAULT days from now, with its reminders to send again. Owner only. */
export async function renewOwnJob(db: Db, id: string, userId: string, now: Date = new Date()): Promise<Job> {
  if (!isUuid(id)) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  const [row] = await db
    .update(jobs)
    .set({ expiresAt: new Date(now.getTime() + JOB_OPEN_DAYS_DEFAULT * DAY_MS), reminded7dAt: null, reminded1dAt: null, updatedAt: now })
    .where(and(eq(jobs.id, id), onJob({ id: userId }, 'jobs', 'recruiter')))
    .returning();
  if (!row) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  return toJob(row, now);
}

/** Close now: the closing date becomes now (an already closed job keeps its date). Owner only. */
export async function closeOwnJob(db: Db, id: string, userId: string, now: Date = new Date()): Promise<Job> {
  if (!isUuid(id)) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  const [row] = await db
    .update(jobs)
    .set({ expiresAt: sql`least(${jobs.expiresAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(and(eq(jobs.id, id), onJob({ id: userId }, 'jobs', 'recruiter')))
    .returning();
  if (!row) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  return toJob(row, now);
}

/**
 * Deletes a job and its applications (docs/decisions/0002-deleting-a-job.md) and returns the storage
 * keys of their documents, for the caller to remove once the transaction has committed.
 * Only the owner, or an admin, finds the job; for anyone else it is "not found" and nothing changes.
 */
export async function deleteJob(db: Db, id: string, caller: { id: string; isAdmin: boolean }): Promise<{ keys: string[]; cancelled: InterviewRow[] }> {
  if (!isUuid(id)) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  return db.transaction(async (tx) => {
    // FOR UPDATE holds off new applications (their foreign-key check needs a share lock on this
    // row) until we commit, so none can slip in between collecting the files and the delete.
    const [found] = await rowsOf<{ id: string }>(
      tx.execute(sql`select id from jobs j where j.id = ${id} and (${onJob(caller, 'j', 'recruiter')} or ${caller.isAdmin}) for update of j`),
    );
    if (!found) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
    // Before the delete, while the job can still be read; the applicants are emailed after the commit.
    const cancelled = await cancelUpcomingInterviews(tx, { jobId: id });
    const removed = await tx
      .delete(applications)
      .where(eq(applications.jobId, id))
      .returning({ resumeKey: applications.resumeKey, coverLetterKey: applications.coverLetterKey });
    await tx.delete(jobs).where(eq(jobs.id, id));
    return { keys: removed.flatMap((r) => [r.resumeKey, r.coverLetterKey]).filter((k): k is string => !!k), cancelled };
  });
}

/** For the delete confirmation: the owner's (or an admin's) job, else "not found" as for deleting it. */
export async function countJobInterviewsToCancel(db: Db, id: string, caller: { id: string; isAdmin: boolean }): Promise<number> {
  if (!isUuid(id)) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  const [found] = await rowsOf<{ id: string }>(
    db.execute(sql`select id from jobs j where j.id = ${id} and (${onJob(caller, 'j', 'recruiter')} or ${caller.isAdmin})`),
  );
  if (!found) throw notFound(JOB_NOT_FOUND, 'JOB_NOT_FOUND');
  return countUpcomingInterviews(db, { jobId: id });
}

/** The job_categories table, or the spec's 10 when it is empty. */
export async function listCategories(db: Db): Promise<JobCategory[]> {
  const rows = await db.select().from(jobCategories).orderBy(asc(jobCategories.name));
  if (rows.length) return rows;
  return FALLBACK_JOB_CATEGORIES.map((name) => ({ id: `fallback-${name.toLowerCase().replace(/[^a-z]+/g, '-')}`, name }));
}

/** Whether the person has a resume: "For you" can order their list (decision 0072). */
async function hasResume(db: Db, userId: string): Promise<boolean> {
  const [row] = await rowsOf<{ yes: boolean }>(db.execute(sql`select exists (select 1 from resumes where user_id = ${userId}) as yes`));
  return row?.yes ?? false;
}
