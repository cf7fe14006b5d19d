import { queryOptions } from '@tanstack/react-query';
import type { JobCategory, JobCountries } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { jobKeys } from './keys';

// The list's loader fetches the filters' choices with the jobs, so the server's HTML already holds
// them and a category or country in the URL shows as chosen from the first paint. Kept apart from
// the hooks, which bring the fallback list: the loader is in the entry, the hooks in the screen.

export const jobCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.categories(),
    queryFn: ({ signal }) => api<JobCategory[]>('/api/job-categories', { signal }),
    staleTime: 60 * 60_000,
  });

export const jobCountriesQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.countries(),
    queryFn: ({ signal }) => api<JobCountries>('/api/jobs/countries', { signal }),
    // The server lets it be cached for a minute; a new country among the choices can wait that long.
    staleTime: 60_000,
  });
