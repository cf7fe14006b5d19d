import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CompanyRole } from '@caribconnect/shared';
import { api, ApiError } from '../../../lib/api-client';
import { companyKeys } from './keys';

export interface InvitationView {
  companyName: string;
  companySlug: string;
  email: string;
  role: CompanyRole;
  expiresAt: string;
}

/**
 * What an invitation's link is for, or why it no longer works. A refusal (not valid, used, expired)
 * is an answer, not a failure: the page is rendered on the server with it and says so.
 */
export type InvitationLookup = { invitation: InvitationView; refusal: null } | { invitation: null; refusal: { status: number; code: string; message: string } };

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: companyKeys.invitation(token),
    queryFn: async ({ signal }): Promise<InvitationLookup> => {
      try {
        return { invitation: await api<InvitationView>(`/api/invitations/${encodeURIComponent(token)}`, { signal }), refusal: null };
      } catch (err) {
        if (err instanceof ApiError && (err.status === 404 || err.status === 410 || err.status === 400))
          return { invitation: null, refusal: { status: err.status, code: err.code ?? 'INVITATION_NOT_FOUND', message: err.message } };
        throw err;
      }
    },
  });

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: () => api<{ companySlug: string; role: CompanyRole }>(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' }),
  });
}
