import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyRole, MyCompany } from '@caribconnect/shared';
import { api } from './api-client';

/**
 * The signed-in employer's company and their role in it (GET /api/companies/mine). In lib/ because
 * several features ask it (the team screens, and the applicants page, which shows a viewer no actions);
 * the key is the companies feature's own (`companyKeys.mine()`), so they share one cache entry.
 */
export const myCompanyQueryOptions = () =>
  queryOptions({ queryKey: ['companies', 'mine'] as const, queryFn: ({ signal }) => api<MyCompany>('/api/companies/mine', { signal }) });

/** The caller's role in their company; undefined while it loads or when they have none. */
export function useMyCompanyRole(enabled = true): CompanyRole | undefined {
  return useQuery({ ...myCompanyQueryOptions(), enabled }).data?.myRole;
}
