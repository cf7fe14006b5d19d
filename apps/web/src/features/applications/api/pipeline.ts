import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Applicant, ApplicationNote, CompanyMember, TeamStage } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './keys';

const enc = encodeURIComponent;

/** The tabs' counts per stage. */
export function useStageCounts(jobId: string) {
  return useQuery({
    queryKey: [...applicationKeys.forJob(jobId), 'stages'],
    queryFn: () => api<{ counts: Record<string, number>; total: number }>(`/api/jobs/${enc(jobId)}/applications/stages`),
  });
}

/** Every change refetches the job's lists and counts (a move changes which tab an applicant is in). */
function useRefreshJob(jobId: string) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: applicationKeys.forJob(jobId) });
}

export function useMoveStage(jobId: string) {
  const refresh = useRefreshJob(jobId);
  return useMutation({
    mutationFn: ({ id, stage }: { id: string; stage: TeamStage }) => api<Applicant>(`/api/applications/${enc(id)}/stage`, { method: 'POST', body: { stage } }),
    onSettled: refresh,
  });
}

export function useRate(jobId: string) {
  const refresh = useRefreshJob(jobId);
  return useMutation({
    mutationFn: ({ id, rating }: { id: string; rating: number }) => api(`/api/applications/${enc(id)}/rating`, { method: 'PUT', body: { rating } }),
    onSettled: refresh,
  });
}

export function useNotes(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...applicationKeys.all, 'notes', id],
    queryFn: () => api<{ items: ApplicationNote[] }>(`/api/applications/${enc(id)}/notes`),
    enabled,
  });
}

export function useAddNote(jobId: string, id: string) {
  const qc = useQueryClient();
  const refresh = useRefreshJob(jobId);
  return useMutation({
    mutationFn: (body: { body: string; mentions: string[] }) => api<ApplicationNote>(`/api/applications/${enc(id)}/notes`, { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...applicationKeys.all, 'notes', id] }),
    onSettled: refresh,
  });
}

export function useTeam(enabled: boolean) {
  return useQuery({ queryKey: ['companies', 'mine', 'members'], queryFn: () => api<CompanyMember[]>('/api/companies/mine/members'), enabled });
}

export function useBulkMove(jobId: string) {
  const refresh = useRefreshJob(jobId);
  return useMutation({
    mutationFn: (body: { ids?: string[]; fromStage?: string; to: TeamStage; template?: string | null }) =>
      api<{ batch: string; moved: number; undoUntil: string }>(`/api/jobs/${enc(jobId)}/applications/bulk-move`, { method: 'POST', body }),
    onSettled: refresh,
  });
}

export function useUndoBatch(jobId: string) {
  const refresh = useRefreshJob(jobId);
  return useMutation({
    mutationFn: (batch: string) => api<{ restored: number }>(`/api/pipeline/batches/${enc(batch)}/undo`, { method: 'POST' }),
    onSettled: refresh,
  });
}
