import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Page } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';

/** Infinite-query options for one of the admin's keyset-paged lists. */
export function pagedQuery<T>(key: readonly unknown[], path: string, params: Record<string, string> = {}) {
  return infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams(params);
      for (const [k, v] of [...search]) if (!v) search.delete(k);
      if (pageParam) search.set('cursor', pageParam);
      const qs = search.toString();
      return api<Page<T>>(`${path}${qs ? `?${qs}` : ''}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
