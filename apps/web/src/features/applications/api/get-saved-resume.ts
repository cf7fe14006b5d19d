import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyResume } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './keys';

/**
 * The applicant's saved resume, for "Use my saved resume". Same cache key as the resumes feature's
 * own query, so a resume just saved is not fetched again; kept here because features do not import
 * each other's internals.
 */
export const savedResumeQueryOptions = () =>
  queryOptions({
    queryKey: applicationKeys.savedResume(),
    // null when they have not saved one yet.
    queryFn: ({ signal }) => api<MyResume | null>('/api/resumes/me', { signal }),
  });

export function useSavedResume(enabled: boolean) {
  return useQuery({ ...savedResumeQueryOptions(), enabled });
}
