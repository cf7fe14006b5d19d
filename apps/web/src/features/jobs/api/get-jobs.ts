import { useInfiniteQuery, keepPreviousData, type InfiniteData } from '@tanstack/react-query';
import type { JobListFilters, JobPage, JobSummary, JobTotal, Page } from '@caribconnect/shared';
import { JOB_SORTS } from '@caribconnect/shared/constants/job-sorts';
import { JOB_DATE_FILTERS } from '@caribconnect/shared/constants/job-date-filters';
import { EMPLOYMENT_TYPES, SALARY_PERIODS, WORKPLACES } from '@caribconnect/shared/constants/job-fields';
import { CURRENCIES } from '@caribconnect/shared/constants/currency-codes';
import { pagedQueryOptions } from '../../../lib/paged';
import { compactParams } from '../../../lib/query-string';
import { jobKeys } from './keys';

/** The jobs list's filters: the shared query schema's, never a copy. */
export type JobFilters = JobListFilters;

/**
 * Filters as the list uses them, from any source (URL, form, loader): empty values dropped and an
 * unknown date (from a hand-edited link) ignored rather than sent on to fail. Equal filters give
 * equal objects, so they share one cache entry.
 */
const oneOf = <T extends string>(list: readonly T[], value: string | undefined): T | undefined =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

export function normalizeJobFilters(input: Record<string, string | null | undefined>): JobFilters {
  const { title, category, country, date, type, workplace, salary, per, currency, verified, sort } = compactParams(input);
  const amount = salary?.replace(/[\s,.]/g, '');
  const filters: JobFilters = {
    title,
    category,
    country,
    date: oneOf(JOB_DATE_FILTERS, date),
    type: oneOf(EMPLOYMENT_TYPES, type),
    workplace: oneOf(WORKPLACES, workplace),
    // "Salary at least" as typed ("10,000"): digits only, else no filter rather than a refused request.
    salary: amount && /^\d{1,9}$/.test(amount) ? amount : undefined,
    per: oneOf(SALARY_PERIODS, per),
    currency: oneOf(CURRENCIES, currency),
    verified: verified === '1' ? '1' : undefined,
    // Words are ranked by relevance unless the person chose Newest (decision 0072); without words the list is newest first.
    // "For you" orders the list with or without words (a signed-in person with a resume; the server decides).
    sort: sort === 'foryou' ? 'foryou' : title?.trim() ? (oneOf(JOB_SORTS, sort) ?? 'relevance') : undefined,
  };
  return compactParams(filters) as JobFilters;
}

export const jobsQueryOptions = (filters: JobFilters) => {
  const params = normalizeJobFilters(filters);
  return pagedQueryOptions<JobSummary>(jobKeys.list(params), '/api/jobs', params);
};

/** One page at a time (never every job); the previous results stay on screen while a new filter loads. */
export function useJobs(filters: JobFilters) {
  return useInfiniteQuery({ ...jobsQueryOptions(filters), placeholderData: keepPreviousData });
}

/** How many jobs match the filters: the first page carries it (later pages do not). */
export function jobsTotal(data: InfiniteData<Page<JobSummary>, unknown> | undefined): JobTotal | undefined {
  return (data?.pages[0] as JobPage | undefined)?.total;
}
