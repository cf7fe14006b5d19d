import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';

/** The person at the other end of a conversation or of Send a Message (their public profile). */
export const getContact = (userId: string, signal?: AbortSignal) => api<Profile>(`/api/profiles/${encodeURIComponent(userId)}`, { signal });

export const contactQueryOptions = (userId: string) =>
  queryOptions({ queryKey: messageKeys.contact(userId), queryFn: ({ signal }) => getContact(userId, signal), staleTime: 5 * 60_000 });

export function useContact(userId: string | undefined) {
  return useQuery({ ...contactQueryOptions(userId ?? ''), enabled: !!userId });
}
