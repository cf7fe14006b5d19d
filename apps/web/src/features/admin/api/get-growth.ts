import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GrowthPoint, GrowthSeries } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const growthQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.growth(), queryFn: ({ signal }) => api<GrowthSeries>('/api/admin/growth', { signal }) });
export const useGrowth = () => useQuery(growthQueryOptions());

/** Sign-ups per week for the From/To filter; off until both dates are applied. */
export function useUserGrowthRange(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: adminKeys.userGrowth(range?.from ?? '', range?.to ?? ''),
    queryFn: ({ signal }) => api<GrowthPoint[]>(`/api/admin/growth/users?from=${range!.from}&to=${range!.to}`, { signal }),
    enabled: !!range,
  });
}
