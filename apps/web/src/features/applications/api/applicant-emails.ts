import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicantEmails } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';

const key = (jobId: string) => ['applications', 'applicant-emails', jobId] as const;

type Choice = { applicantEmails: ApplicantEmails };

export function useApplicantEmails(jobId: string) {
  return useQuery({
    queryKey: key(jobId),
    queryFn: ({ signal }) => api<Choice>(`/api/jobs/${encodeURIComponent(jobId)}/applicant-emails`, { signal }),
  });
}

export function useSaveApplicantEmails(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (applicantEmails: ApplicantEmails) =>
      api<Choice>(`/api/jobs/${encodeURIComponent(jobId)}/applicant-emails`, { method: 'PUT', body: { applicantEmails } }),
    onSuccess: (saved) => qc.setQueryData(key(jobId), saved),
  });
}
