import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Company, JobSummary } from '@caribconnect/shared';
import { api, ApiError } from '../../../lib/api-client';
import { pagedQueryOptions } from '../../../lib/paged';
import { companyKeys } from './keys';

export const companyQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: companyKeys.detail(slug),
    queryFn: ({ signal }) => api<Company>(`/api/companies/${encodeURIComponent(slug)}`, { signal }),
    // A missing company stays missing: no retries for a 404.
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
  });

export function useCompany(slug: string | undefined) {
  return useQuery({ ...companyQueryOptions(slug ?? ''), enabled: !!slug });
}

export const companyJobsQueryOptions = (slug: string) =>
  pagedQueryOptions<JobSummary>(companyKeys.jobs(slug), `/api/companies/${encodeURIComponent(slug)}/jobs`);

export function useCompanyJobs(slug: string) {
  return useInfiniteQuery(companyJobsQueryOptions(slug));
}
