import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { CompanySummary } from '@caribconnect/shared';
import { pagedQueryOptions } from '../../../lib/paged';
import { companyKeys } from './keys';

export interface CompanyFilters {
  q?: string;
  country?: string;
  industry?: string;
}

export const COMPANY_FILTER_KEYS = ['q', 'country', 'industry'] as const;

/** The filters without empty values, so equal filters share one cache entry. */
export function companyFilterParams(filters: CompanyFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of COMPANY_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) out[key] = value;
  }
  return out;
}

export const filtersFromParams = (params: URLSearchParams): CompanyFilters => ({
  q: params.get('q') ?? undefined,
  country: params.get('country') ?? undefined,
  industry: params.get('industry') ?? undefined,
});

export const companiesQueryOptions = (filters: CompanyFilters) => {
  const params = companyFilterParams(filters);
  return pagedQueryOptions<CompanySummary>(companyKeys.list(params), '/api/companies', params);
};

export function useCompanies(filters: CompanyFilters) {
  return useInfiniteQuery({ ...companiesQueryOptions(filters), placeholderData: keepPreviousData });
}
