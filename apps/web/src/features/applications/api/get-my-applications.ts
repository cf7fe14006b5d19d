import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MyApplication } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './keys';

type Page = { items: MyApplication[]; nextCursor: string | null };

export const myApplicationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: applicationKeys.mine(),
    queryFn: ({ pageParam, signal }) => api<Page>(`/api/applications/mine${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Refetched whenever the tab regains focus, so a status the employer just set shows up. */
export function useMyApplications(enabled: boolean) {
  return useInfiniteQuery({ ...myApplicationsQueryOptions(), enabled, refetchOnWindowFocus: 'always' });
}
