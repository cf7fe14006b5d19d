import { useQuery } from '@tanstack/react-query';
import { jobCountriesQueryOptions } from './filter-choices';

/** The countries that have jobs (the country filter's choices); empty until they arrive or if the call fails. */
export function useJobCountries(): string[] {
  const { data } = useQuery(jobCountriesQueryOptions());
  return data ?? [];
}
