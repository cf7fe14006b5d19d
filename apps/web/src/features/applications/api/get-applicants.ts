import { useInfiniteQuery } from '@tanstack/react-query';
import type { Applicant, Page } from '@caribconnect/shared';
import { pagedQueryOptions } from '../../../lib/paged';
import { applicationKeys } from './keys';

export type ApplicantPage = Page<Applicant>;

export const applicantsQueryOptions = (jobId: string) =>
  pagedQueryOptions<Applicant>(applicationKeys.forJob(jobId), `/api/jobs/${encodeURIComponent(jobId)}/applications`);

export function useApplicants(jobId: string, enabled: boolean) {
  return useInfiniteQuery({ ...applicantsQueryOptions(jobId), enabled });
}
