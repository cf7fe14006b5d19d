import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ReviewPage } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { consultantKeys } from './keys';

export const reviewsUrl = (userId: string) => `/api/consultants/${encodeURIComponent(userId)}/reviews`;

export const reviewsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: consultantKeys.reviews(userId),
    queryFn: ({ pageParam, signal }) =>
      api<ReviewPage>(pageParam ? `${reviewsUrl(userId)}?cursor=${encodeURIComponent(pageParam)}` : reviewsUrl(userId), { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** A consultant's reviews, newest first. */
export const useReviews = (userId: string) => useInfiniteQuery(reviewsQueryOptions(userId));
