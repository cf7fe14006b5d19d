import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyInvitation, CompanyMember, CompanyRole, CompanyUpdate, MyCompany } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { myCompanyQueryOptions } from '../../../lib/my-company';
import { companyKeys } from './keys';

export function useMyCompany(enabled = true) {
  return useQuery({ ...myCompanyQueryOptions(), enabled });
}

export function useMembers(enabled = true) {
  return useQuery({
    queryKey: companyKeys.members(),
    queryFn: ({ signal }) => api<CompanyMember[]>('/api/companies/mine/members', { signal }),
    enabled,
  });
}

/** Owners only: the server answers 403 to anyone else, so the screen asks only for owners. */
export function useInvitations(enabled: boolean) {
  return useQuery({
    queryKey: companyKeys.invitations(),
    queryFn: ({ signal }) => api<CompanyInvitation[]>('/api/companies/mine/invitations', { signal }),
    enabled,
  });
}

/** Every team mutation refreshes the team, the invitations and the company (its slug may change). */
function useTeamMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: companyKeys.all }) });
}

export const useInvite = () =>
  useTeamMutation((input: { email: string; role: CompanyRole }) => api<CompanyInvitation>('/api/companies/mine/invitations', { method: 'POST', body: input }));

export const useRevokeInvitation = () =>
  useTeamMutation((id: string) => api<null>(`/api/companies/mine/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' }));

export const useSetRole = () =>
  useTeamMutation(({ userId, role }: { userId: string; role: CompanyRole }) =>
    api<CompanyMember>(`/api/companies/mine/members/${encodeURIComponent(userId)}/role`, { method: 'PUT', body: { role } }),
  );

export const useRemoveMember = () =>
  useTeamMutation((userId: string) => api<null>(`/api/companies/mine/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }));

export const useUpdateCompany = () => useTeamMutation((changes: CompanyUpdate) => api<MyCompany>('/api/companies/mine', { method: 'PATCH', body: changes }));
