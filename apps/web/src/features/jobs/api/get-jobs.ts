import { useInfiniteQuery, keepPreviousData, type InfiniteData } from '@tanstack/react-query';
import type { JobListFilters, JobPage, JobSummary, JobTotal, Page } from '@caribconnect/shared';
import { JOB_DATE_FILTERS } from '@caribconnect/shared/constants/job-date-filters';
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
export function normalizeJobFilters(input: Record<string, string | null | undefined>): JobFilters {
  const { title, category, country, date, verified } = compactParams(input);
  const filters: JobFilters = {
    title,
    category,
    country,
    date: (JOB_DATE_FILTERS as readonly string[]).includes(date) ? (date as JobFilters['date']) : undefined,
    verified: verified === '1' ? '1' : undefined,
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
