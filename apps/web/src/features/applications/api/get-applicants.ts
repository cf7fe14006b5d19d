import { useInfiniteQuery } from '@tanstack/react-query';
import type { Applicant, Page } from '@caribconnect/shared';
import { pagedQueryOptions } from '../../../lib/paged';
import { applicationKeys } from './keys';

export type ApplicantPage = Page<Applicant>;

/** The workspace's query (decision 0075): a stage tab, and the filter form's fields as the URL has them. */
export const APPLICANT_FILTER_NAMES = ['rating', 'knockout', 'resume', 'answer', 'q', 'sort'] as const;
export type ApplicantListParams = Partial<Record<'stage' | (typeof APPLICANT_FILTER_NAMES)[number], string>>;

export const applicantsQueryOptions = (jobId: string, params: ApplicantListParams = {}) =>
  pagedQueryOptions<Applicant>(
    [...applicationKeys.forJob(jobId), params.stage ?? 'all', ...APPLICANT_FILTER_NAMES.map((n) => params[n] ?? '')],
    `/api/jobs/${encodeURIComponent(jobId)}/applications`,
    params,
  );

export function useApplicants(jobId: string, enabled: boolean, params: ApplicantListParams = {}) {
  return useInfiniteQuery({ ...applicantsQueryOptions(jobId, params), enabled });
}
