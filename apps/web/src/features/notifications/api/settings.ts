import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicantEmails, EmailSettings, EmailSettingsBody } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

export function useEmailSettings() {
  return useQuery({ queryKey: notificationKeys.settings(), queryFn: ({ signal }) => api<EmailSettings>('/api/notifications/settings', { signal }) });
}

export function useSaveEmailSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: EmailSettingsBody) => api<EmailSettings>('/api/notifications/settings', { method: 'PATCH', body: change }),
    onSuccess: (saved) => qc.setQueryData(notificationKeys.settings(), saved),
  });
}

type Choice = { applicantEmails: ApplicantEmails };

export function useApplicantEmails(jobId: string) {
  return useQuery({
    queryKey: notificationKeys.applicantEmails(jobId),
    queryFn: ({ signal }) => api<Choice>(`/api/jobs/${encodeURIComponent(jobId)}/applicant-emails`, { signal }),
  });
}

export function useSaveApplicantEmails(jobId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (applicantEmails: ApplicantEmails) =>
      api<Choice>(`/api/jobs/${encodeURIComponent(jobId)}/applicant-emails`, { method: 'PUT', body: { applicantEmails } }),
    onSuccess: (saved) => qc.setQueryData(notificationKeys.applicantEmails(jobId), saved),
  });
}
