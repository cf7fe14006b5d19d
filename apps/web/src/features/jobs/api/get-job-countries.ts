import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobCountries } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { jobKeys } from './keys';

export const jobCountriesQueryOptions = () =>
  queryOptions({
    queryKey: jobKeys.countries(),
    queryFn: ({ signal }) => api<JobCountries>('/api/jobs/countries', { signal }),
    // The server lets it be cached for a minute; a new country among the choices can wait that long.
    staleTime: 60_000,
  });

/** The countries that have jobs (the country filter's choices); empty until they arrive or if the call fails. */
export function useJobCountries(): string[] {
  const { data } = useQuery(jobCountriesQueryOptions());
  return data ?? [];
}
