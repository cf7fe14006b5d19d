import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Resume } from '@caribconnect/shared';
import { api, ApiError } from '../../../lib/api-client';
import { resumeKeys } from './keys';
import { pollWhilePdfPending } from './resume-polling';

/** Someone's resume, or null when they have none or its visibility hides it from the reader. */
export async function getResume(userId: string, signal?: AbortSignal): Promise<Resume | null> {
  try {
    return await api<Resume>(`/api/resumes/${encodeURIComponent(userId)}`, { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const resumeQueryOptions = (userId: string) =>
  queryOptions({ queryKey: resumeKeys.detail(userId), refetchInterval: pollWhilePdfPending, queryFn: ({ signal }) => getResume(userId, signal) });

export function useResume(userId: string | undefined) {
  return useQuery({ ...resumeQueryOptions(userId ?? ''), enabled: !!userId });
}
