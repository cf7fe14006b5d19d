import { z } from './zod';
import { page, pageQuery } from './common.schema';
import { COUNTRIES } from './constants/countries';
import { JOB_DATE_FILTERS } from './constants/job-date-filters';

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

/** Post Job / Edit Job form (spec section 5). Lengths are capped on the server even where the spec sets none. */
export const jobInput = z.object({
  title: required('Job title', 200),
  company: required('Company name', 200),
  country: z.enum(COUNTRIES, { message: 'Please select a country from the list.' }),
  category: z.string().trim().min(1, { message: 'Please select a category.' }).max(100, { message: 'Category must be at most 100 characters.' }),
  description: required('Description', 10_000),
  salary: optional('Salary', 100),
  address: optional('Address', 300),
});
export type JobInput = z.input<typeof jobInput>;

/**
 * Edit Job: only the fields sent change. Built without jobInput's defaults: with them, zod fills an
 * omitted salary or address with '' and a PATCH of the title alone would wipe both.
 */
export const jobUpdate = jobInput.extend({ salary: optionalText('Salary', 100), address: optionalText('Address', 300) }).partial();
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
  /** An admin checked the employer off the site (the "Verified employer" badge). */
  verifiedEmployer: z.boolean().optional(),
  /** On the job's own page only: when the signed-in caller applied for it (null: not yet; absent: not asked). */
  appliedAt: z.string().nullable().optional(),
});
export type Job = z.infer<typeof job>;

/** A card in the list: the description is cut short on the server to spare slow networks. */
export const jobSummary = job.omit({ address: true, userId: true, appliedAt: true });
export type JobSummary = z.infer<typeof jobSummary>;

/** The jobs list's filters: the web app's filter type, the server's list input and the bench all use it. */
export const jobListFilters = z.object({
  title: z.string().trim().max(100).optional(),
  category: z.string().trim().max(100).optional(),
  country: z.string().trim().max(100).optional(),
  date: z.enum(JOB_DATE_FILTERS).optional(),
  /** "1": verified employers' jobs only (a checkbox of the filter form). */
  verified: z.enum(['1']).optional(),
});
export type JobListFilters = z.infer<typeof jobListFilters>;

export const jobListQuery = jobListFilters.extend(pageQuery.shape).extend({ limit: pageQuery.shape.limit.default(JOBS_PAGE_SIZE) });

/** Beyond this many matches the list says "1,000+": counting every match of a broad filter costs more than it tells. */
export const JOBS_TOTAL_CAP = 1000;

/**
 * The first page of the public list also says how many jobs match its filters: `count` exactly up
 * to JOBS_TOTAL_CAP, `capped` when there are more. Later pages (with a cursor) leave it out.
 */
export const jobTotal = z.object({ count: z.number().int().nonnegative(), capped: z.boolean() });
export type JobTotal = z.infer<typeof jobTotal>;

export const jobPage = page(jobSummary).extend({ total: jobTotal.optional() });
export type JobPage = z.infer<typeof jobPage>;

/** The countries that have publicly listed jobs, by name (the values of COUNTRIES), in alphabetical order. */
export const jobCountries = z.array(z.string());
export type JobCountries = z.infer<typeof jobCountries>;

export const jobCategory = z.object({ id: z.string(), name: z.string() });
export type JobCategory = z.infer<typeof jobCategory>;
