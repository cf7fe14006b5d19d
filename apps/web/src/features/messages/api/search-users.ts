import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { DirectoryUser, Page } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { messageKeys } from './keys';

export const searchUsers = (q: string, cursor: string | null, signal?: AbortSignal) => {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (cursor) params.set('cursor', cursor);
  const qs = params.toString();
  return api<Page<DirectoryUser>>(`/api/users${qs ? `?${qs}` : ''}`, { signal });
};

export const usersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.users(q.trim()),
    queryFn: ({ pageParam, signal }) => searchUsers(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Searched on the server a page at a time; the previous results stay while a new term loads. */
export function useSearchUsers(q: string, enabled = true) {
  return useInfiniteQuery({ ...usersQueryOptions(q), enabled, placeholderData: keepPreviousData });
}
