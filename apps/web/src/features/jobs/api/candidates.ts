import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { JobCandidate, JobInvitationBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { jobKeys } from './keys';

/** "Candidates for this job" (issue 46): opted-in seekers ranked by what the job asks for; the job's team only. */
export const candidatesQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: jobKeys.candidates(jobId),
    queryFn: ({ signal }) => api<{ items: JobCandidate[] }>(`/api/jobs/${encodeURIComponent(jobId)}/candidates`, { signal }),
  });

export function useCandidates(jobId: string, enabled: boolean) {
  return useQuery({ ...candidatesQueryOptions(jobId), enabled });
}

/** Invite to apply: a message through the existing messaging, with the job linked by the server. */
export function useInviteToApply() {
  return useMutation({ mutationFn: (body: JobInvitationBody) => api('/api/messages/job-invitations', { body }) });
}
