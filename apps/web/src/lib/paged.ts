import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@caribconnect/shared';
import { api } from './api-client';
import { searchOf } from './query-string';

/**
 * The query options of every keyset-paged list: GET `path` with the list's `params` and the previous
 * page's cursor, one page at a time.
 */
export function pagedQueryOptions<T>(queryKey: QueryKey, path: string, params: Record<string, string | undefined> = {}) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => api<Page<T>>(`${path}${searchOf({ ...params, cursor: pageParam ?? undefined })}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<T>) => last.nextCursor,
  });
}

/** Every item loaded so far, in order (the pages of an infinite query, flattened). */
export function pagedItems<T>(data: InfiniteData<Page<T>, unknown> | undefined): T[] {
  return data?.pages.flatMap((p) => p.items) ?? [];
}
