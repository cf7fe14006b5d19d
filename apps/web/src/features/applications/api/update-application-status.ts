import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Applicant, ApplicationStatus } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import type { ApplicantPage } from './get-applicants';
import { applicationKeys } from './keys';

type Data = InfiniteData<ApplicantPage, string | null>;

const withStatus = (data: Data | undefined, id: string, status: ApplicationStatus): Data | undefined =>
  data && { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((a) => (a.id === id ? { ...a, status } : a)) })) };

/** Saved as soon as it is picked: shown at once, put back if the server refuses. */
export function useUpdateApplicationStatus(jobId: string) {
  const qc = useQueryClient();
  const key = applicationKeys.forJob(jobId);
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ApplicationStatus }) =>
      api<Applicant>(`/api/applications/${encodeURIComponent(id)}/status`, { method: 'PATCH', body: { status } }),
    onMutate: async ({ id, status }) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc
        .getQueryData<Data>(key)
        ?.pages.flatMap((p) => p.items)
        .find((a) => a.id === id)?.status;
      qc.setQueryData<Data>(key, (data) => withStatus(data, id, status));
      return { previous };
    },
    onError: (_err, { id }, context) => {
      if (context?.previous) qc.setQueryData<Data>(key, (data) => withStatus(data, id, context.previous!));
    },
    onSuccess: (saved) => qc.setQueryData<Data>(key, (data) => withStatus(data, saved.id, saved.status)),
  });
}
