import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Candidates } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { interviewKeys } from './keys';

export const candidatesQueryOptions = (jobId: string, q: string, selected: string) =>
  queryOptions({
    queryKey: interviewKeys.candidates(jobId, q, selected),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(Object.entries({ jobId, q, selected }).filter(([, v]) => v));
      return api<Candidates>(`/api/interviews/candidates?${params}`, { signal });
    },
    staleTime: 30_000,
  });

/** Select Applicant's options, searched on the server as the person types (already debounced). */
export function useCandidates(jobId: string, q: string, selected: string, enabled: boolean) {
  return useQuery({ ...candidatesQueryOptions(jobId, q, selected), enabled, placeholderData: keepPreviousData });
}
