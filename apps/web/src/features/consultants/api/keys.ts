/** Every cache key of the consultants feature, from the broadest (invalidate all) to one entry. */
export const consultantKeys = {
  all: ['consultants'] as const,
  lists: () => [...consultantKeys.all, 'list'] as const,
  list: (filters: Record<string, string>) => [...consultantKeys.lists(), filters] as const,
  mine: () => [...consultantKeys.all, 'mine'] as const,
  detail: (userId: string) => [...consultantKeys.all, 'detail', userId] as const,
  reviews: (userId: string) => [...consultantKeys.all, 'reviews', userId] as const,
  requests: () => [...consultantKeys.all, 'requests'] as const,
  myRequests: () => [...consultantKeys.requests(), 'mine'] as const,
  allRequests: () => [...consultantKeys.requests(), 'all'] as const,
};
