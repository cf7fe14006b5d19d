import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { profileKeys } from './keys';

export const getProfile = (userId: string) => api<Profile>(`/api/profiles/${encodeURIComponent(userId)}`);

export const profileQueryOptions = (userId: string) => queryOptions({ queryKey: profileKeys.detail(userId), queryFn: () => getProfile(userId) });

export function useProfile(userId: string | undefined) {
  return useQuery({ ...profileQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
