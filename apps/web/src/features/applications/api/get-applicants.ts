import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Applicant, Page } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './keys';

export type ApplicantPage = Page<Applicant>;

export const applicantsQueryOptions = (jobId: string) =>
  infiniteQueryOptions({
    queryKey: applicationKeys.forJob(jobId),
    queryFn: ({ pageParam, signal }) =>
      api<ApplicantPage>(`/api/jobs/${encodeURIComponent(jobId)}/applications${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useApplicants(jobId: string, enabled: boolean) {
  return useInfiniteQuery({ ...applicantsQueryOptions(jobId), enabled });
}
