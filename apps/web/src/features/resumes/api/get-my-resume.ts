import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyResume } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { resumeKeys } from './keys';
import { pollWhilePdfPending } from './resume-polling';

/** The signed-in person's resume, or null when they have not saved one yet. */
export const getMyResume = (signal?: AbortSignal) => api<MyResume | null>('/api/resumes/me', { signal });

export const myResumeQueryOptions = () =>
  queryOptions({ queryKey: resumeKeys.mine(), refetchInterval: pollWhilePdfPending, queryFn: ({ signal }) => getMyResume(signal) });

export function useMyResume(enabled = true) {
  return useQuery({ ...myResumeQueryOptions(), enabled });
}
