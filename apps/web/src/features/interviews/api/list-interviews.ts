import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Interview, Page } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';

export type InterviewPage = Page<Interview>;

/** Both lists page the same way: soonest first, a cursor from the previous page. */
export const interviewListOptions = (key: readonly unknown[], path: string) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => api<InterviewPage>(`${path}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
