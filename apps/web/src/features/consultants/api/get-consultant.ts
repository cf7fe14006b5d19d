import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsultantDetail } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { consultantKeys } from './keys';

export const getConsultant = (userId: string, signal?: AbortSignal) => api<ConsultantDetail>(`/api/consultants/${encodeURIComponent(userId)}`, { signal });

export const consultantQueryOptions = (userId: string) =>
  queryOptions({ queryKey: consultantKeys.detail(userId), queryFn: ({ signal }) => getConsultant(userId, signal), retry: false });

/** One consultant with what the viewer may do; a 404 means the person is not a consultant. */
export function useConsultant(userId: string | undefined) {
  return useQuery({ ...consultantQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
