import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdPage } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { adKeys } from './keys';

const getOwnExpiredAds = (cursor: string | null, signal?: AbortSignal) =>
  api<AdPage>(`/api/my-ads/expired${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal });

/** The signed-in person's expired ads (only asked for when someone is signed in). */
export function useOwnExpiredAds(enabled: boolean) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: adKeys.ownExpired(),
      queryFn: ({ pageParam, signal }) => getOwnExpiredAds(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
    enabled,
  });
}
