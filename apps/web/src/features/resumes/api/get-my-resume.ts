import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyResume } from '@caribconnect/shared';
import { api, ApiError } from '../../../lib/api-client';
import { resumeKeys } from './keys';

/** The signed-in person's resume, or null when they have not saved one yet. */
export async function getMyResume(signal?: AbortSignal): Promise<MyResume | null> {
  try {
    return await api<MyResume>('/api/resumes/me', { signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export const myResumeQueryOptions = () => queryOptions({ queryKey: resumeKeys.mine(), queryFn: ({ signal }) => getMyResume(signal) });

export function useMyResume(enabled = true) {
  return useQuery({ ...myResumeQueryOptions(), enabled });
}
