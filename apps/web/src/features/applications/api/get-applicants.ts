import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Applicant } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';

export type ApplicantPage = { items: Applicant[]; nextCursor: string | null };

export const applicantsQueryKey = (jobId: string) => ['applications', 'job', jobId] as const;

export const applicantsQueryOptions = (jobId: string) =>
  infiniteQueryOptions({
    queryKey: applicantsQueryKey(jobId),
    queryFn: ({ pageParam, signal }) =>
      api<ApplicantPage>(`/api/jobs/${encodeURIComponent(jobId)}/applications${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useApplicants(jobId: string, enabled: boolean) {
  return useInfiniteQuery({ ...applicantsQueryOptions(jobId), enabled });
}
