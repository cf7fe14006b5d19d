import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const statsQueryOptions = () => queryOptions({ queryKey: adminKeys.stats(), queryFn: ({ signal }) => api<AdminStats>('/api/admin/stats', { signal }) });
export const useStats = () => useQuery(statsQueryOptions());
