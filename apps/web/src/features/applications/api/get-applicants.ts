import { useInfiniteQuery } from '@tanstack/react-query';
import type { Applicant, Page } from '@caribconnect/shared';
import { pagedQueryOptions } from '../../../lib/paged';
import { applicationKeys } from './keys';

export type ApplicantPage = Page<Applicant>;

/** `stage`: one tab of the workspace; none: every applicant. */
export const applicantsQueryOptions = (jobId: string, stage?: string) =>
  pagedQueryOptions<Applicant>([...applicationKeys.forJob(jobId), stage ?? 'all'], `/api/jobs/${encodeURIComponent(jobId)}/applications`, { stage });

export function useApplicants(jobId: string, enabled: boolean, stage?: string) {
  return useInfiniteQuery({ ...applicantsQueryOptions(jobId, stage), enabled });
}
