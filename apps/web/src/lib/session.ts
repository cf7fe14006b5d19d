// Who is signed in: read by the navigation and by every feature, so it lives in lib/, not in a feature.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponse } from '@caribconnect/shared';
import { api } from './api-client';

export const getMe = () => api<MeResponse>('/api/me');

export const sessionKeys = { me: () => ['me'] as const };

export const meQueryOptions = () => queryOptions({ queryKey: sessionKeys.me(), queryFn: getMe, staleTime: 60_000 });

/** The signed-in person (null when anonymous); undefined while loading. */
export function useMe() {
  const query = useQuery(meQueryOptions());
  return { user: query.data?.user, isLoading: query.isLoading, error: query.error };
}
