import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ClientRequestPage } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';

/** Both client-request lists page the same way; only the address and the cache key differ. */
export const requestsQuery = (key: readonly unknown[], url: string) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => api<ClientRequestPage>(pageParam ? `${url}?cursor=${encodeURIComponent(pageParam)}` : url, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
