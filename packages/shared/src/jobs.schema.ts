import { z } from './zod';
import { plainNumberText } from './number-text';
import { keptListingPrice } from './payments.schema';
import { COMPANY_ROLES } from './companies.schema';
import { page, pageQuery } from './common.schema';
import { screeningQuestion, screeningQuestionsInput } from './screening.schema';
import { COUNTRIES } from './constants/countries';
import { JOB_DATE_FILTERS } from './constants/job-date-filters';
import { JOB_SORTS } from './constants/job-sorts';
export { JOB_SORTS, type JobSort } from './constants/job-sorts';
import { CURRENCIES } from './constants/currencies';
import { EMPLOYMENT_TYPES, SALARY_PERIODS, WORKPLACES, latestClosingDay, utcDay } from './constants/job-fields';

export const JOBS_PAGE_SIZE = 20;

const required = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: `${label} is required.` })
    .max(max, { message: `${label} must be at most ${max} characters.` });
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters.` });
const optional = (label: string, max: number) => optionalText(label, max).default('');

/** An empty form field is "not given". */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

const salaryAmount = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: `${label} must be a number.` })
      .min(0, { message: `${label} must not be negative.` })
      .max(1_000_000_000, { message: `${label} is too large.` })
      .nullable()
      .optional(),
  );

/**
 * The closing date, YYYY-MM-DD (UTC): from tomorrow to JOB_OPEN_DAYS_MAX days ahead, checked against
 * the clock of whoever parses it (the form, then the server).
 */
export const closingDay = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Please enter a valid closing date.' })
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), { message: 'Please enter a valid closing date.' })
    .refine((day) => day > utcDay(new Date()), { message: 'The closing date must be in the future.' })
    .refine((day) => day <= latestClosingDay(), { message: 'The closing date must be at most 90 days from today.' })
    .optional(),
);

/** The structured fields (issue 21): optional, null clears one on Edit. */
const jobFields = {
  employmentType: z.preprocess(
    blankToUndefined,
    z.enum(EMPLOYMENT_TYPES, { message: 'Please select an employment type from the list.' }).nullable().optional(),
  ),
  workplace: z.preprocess(blankToUndefined, z.enum(WORKPLACES, { message: 'Please select a workplace from the list.' }).nullable().optional()),
  salaryMin: salaryAmount('Minimum salary'),
  salaryMax: salaryAmount('Maximum salary'),
  salaryCurrency: z.preprocess(blankToUndefined, z.enum(CURRENCIES, { message: 'Please select a currency from the list.' }).nullable().optional()),
  salaryPeriod: z.preprocess(blankToUndefined, z.enum(SALARY_PERIODS, { message: 'Please select a pay period from the list.' }).nullable().optional()),
  closesOn: closingDay,
};

const salaryRangeOk = (v: { salaryMin?: number | null; salaryMax?: number | null }) => v.salaryMin == null || v.salaryMax == null || v.salaryMax >= v.salaryMin;
const SALARY_RANGE_MESSAGE = { message: 'The maximum salary must not be below the minimum.', path: ['salaryMax'] };

/** Post Job / Edit Job form (spec section 5). Lengths are capped on the server even where the spec sets none. */
const jobObject = z.object({
  title: required('Job title', 200),
  company: required('Company name', 200),
  country: z.enum(COUNTRIES, { message: 'Please select a country from the list.' }),
  category: z.string().trim().min(1, { message: 'Please select a category.' }).max(100, { message: 'Category must be at most 100 characters.' }),
  description: required('Description', 10_000),
  salary: optional('Salary', 100),
  address: optional('Address', 300),
  ...jobFields,
  /** Screening questions asked on Apply (decision 0075); on Edit, omitted keeps them, a list replaces them. */
  questions: screeningQuestionsInput.optional(),
});
export const jobInput = jobObject.refine(salaryRangeOk, SALARY_RANGE_MESSAGE);
export type JobInput = z.input<typeof jobInput>;

/**
 * Edit Job: only the fields sent change. Built without jobInput's defaults: with them, zod fills an
 * omitted salary or address with '' and a PATCH of the title alone would wipe both.
 */
export const jobUpdate = jobObject
  .extend({ salary: optionalText('Salary', 100), address: optionalText('Address', 300) })
  .partial()
  .refine(salaryRangeOk, SALARY_RANGE_MESSAGE);
export type JobUpdate = z.input<typeof jobUpdate>;

export const job = z.object({
  id: z.string(),
  title: z.string(),
  company: z.string(),
  country: z.string(),
  category: z.string(),
  description: z.string(),
  salary: z.string(),
  address: z.string(),
  createdAt: z.string(),
  userId: z.string(),
  /** False while the job awaits an admin's record of its payment (shown to its owner and admins only). */
  paid: z.boolean(),
  /** When the job closes (decision 0036): after it, off every list and no new applications. */
  expiresAt: z.string(),
  /** The closing date has passed (closed, or closed early with "Close now"). */
  expired: z.boolean(),
  employmentType: z.enum(EMPLOYMENT_TYPES).nullable(),
  workplace: z.enum(WORKPLACES).nullable(),
  salaryMin: z.number().nullable(),
  salaryMax: z.number().nullable(),
  salaryCurrency: z.string().nullable(),
  salaryPeriod: z.enum(SALARY_PERIODS).nullable(),
  /** An admin checked the employer off the site (the "Verified employer" badge). */
  verifiedEmployer: z.boolean().optional(),
  /** The company the job belongs to (issue 44): its page is /companies/{companySlug}; null when suspended. */
  companySlug: z.string().nullable().optional(),
  companyName: z.string().nullable().optional(),
  companyLogoUrl: z.string().nullable().optional(),
  /** On the company's own list (Your Job Listings) only: who of the team posted it (issue 44). */
  postedBy: z.string().optional(),
  /** On the job's own page only: when the signed-in caller applied for it (null: not yet; absent: not asked). */
  appliedAt: z.string().nullable().optional(),
  /** On the job's own page: its screening questions (the knockout answers only for its team and admins). */
  questions: z.array(screeningQuestion).optional(),
  /**
   * On the job's own page, for a signed-in caller: their role in the job's company now (null: not on its
   * team, a removed poster included; decision 0076). Owners and recruiters manage the job, every role
   * reads its applicants.
   */
  viewerTeamRole: z.enum(COMPANY_ROLES).nullable().optional(),
  ...keptListingPrice,
});
export type Job = z.infer<typeof job>;

/** A card in the list: the description is cut short on the server to spare slow networks. */
export const jobSummary = job.omit({ address: true, userId: true, appliedAt: true, questions: true, viewerTeamRole: true });
export type JobSummary = z.infer<typeof jobSummary>;

/** The jobs list's filters: the web app's filter type, the server's list input and the bench all use it. */
export const jobListFilters = z.object({
  /** The search words: at most 200 characters (longer is refused); the search uses the first 20 words (decision 0072). */
  title: z.string().trim().max(200).optional(),
  category: z.string().trim().max(100).optional(),
  country: z.string().trim().max(100).optional(),
  date: z.enum(JOB_DATE_FILTERS).optional(),
  type: z.preprocess(blankToUndefined, z.enum(EMPLOYMENT_TYPES).optional()),
  workplace: z.preprocess(blankToUndefined, z.enum(WORKPLACES).optional()),
  /** "Salary at least" this much per `per` (default month), in `currency` (default: the country filter's, else USD). */
  salary: z.preprocess(
    // "1,500", "1 500", "1.500,50" as typed in the region; a fraction rounds up ("at least").
    (v) => {
      const plain = plainNumberText(blankToUndefined(v));
      return typeof plain === 'string' && /^\d+(\.\d+)?$/.test(plain) ? String(Math.ceil(Number(plain))) : plain;
    },
    z
      .string()
      .trim()
      .regex(/^\d{1,9}$/, { message: 'Salary must be a whole number.' })
      .optional(),
  ),
  per: z.preprocess(blankToUndefined, z.enum(SALARY_PERIODS).optional()),
  currency: z.preprocess(blankToUndefined, z.enum(CURRENCIES).optional()),
  /** "1": verified employers' jobs only (a checkbox of the filter form). */
  verified: z.enum(['1']).optional(),
  /**
   * The list's order: `relevance` ranks jobs by how well they match the search words (decision 0072;
   * without words it is the newest-first list), `newest` is newest first. The API's default is
   * `newest`; the web app asks for `relevance` when the person typed words. `foryou` ranks the list's
   * jobs as Jobs for you does, for a signed-in caller (the others get the default order).
   */
  sort: z.preprocess(blankToUndefined, z.enum(JOB_SORTS).optional()),
});
export type JobListFilters = z.infer<typeof jobListFilters>;

export const jobListQuery = jobListFilters.extend(pageQuery.shape).extend({ limit: pageQuery.shape.limit.default(JOBS_PAGE_SIZE) });

/** Your Job Listings: the open ones, or apart, the closed ones (Renew, Close now). */
export const myJobsQuery = pageQuery.extend({ limit: pageQuery.shape.limit.default(JOBS_PAGE_SIZE), state: z.enum(['open', 'closed']).default('open') });

/** Beyond this many matches the list says "1,000+": counting every match of a broad filter costs more than it tells. */
export const JOBS_TOTAL_CAP = 1000;

/**
 * The first page of the public list also says how many jobs match its filters: `count` exactly up
 * to JOBS_TOTAL_CAP, `capped` when there are more. Later pages (with a cursor) leave it out.
 */
export const jobTotal = z.object({ count: z.number().int().nonnegative(), capped: z.boolean() });
export type JobTotal = z.infer<typeof jobTotal>;

export const jobPage = page(jobSummary).extend({
  total: jobTotal.optional(),
  /** The order the page is in (relevance only when the search had words). */
  sort: z.enum(JOB_SORTS).optional(),
  /** When nothing was found: the query with its unknown words replaced by the nearest known ones ("Did you mean: accountant?"). */
  didYouMean: z.string().optional(),
  /** On the first page, to a signed-in caller: whether "For you" can order the list (they have a resume). */
  forYou: z.boolean().optional(),
  /** When nothing was found: how many jobs each filter in use hides ("12 jobs without the country filter"), the largest first. */
  withoutFilter: z.array(z.object({ filter: z.string(), count: z.number().int().nonnegative() })).optional(),
});
export type JobPage = z.infer<typeof jobPage>;

/** The countries that have publicly listed jobs, by name (the values of COUNTRIES), in alphabetical order. */
export const jobCountries = z.array(z.string());
export type JobCountries = z.infer<typeof jobCountries>;

export const jobCategory = z.object({ id: z.string(), name: z.string() });
export type JobCategory = z.infer<typeof jobCategory>;
