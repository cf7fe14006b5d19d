/** Every cache key of the ads feature, from the broadest (invalidate all) to one entry. */
export const adKeys = {
  all: ['ads'] as const,
  lists: () => [...adKeys.all, 'list'] as const,
  list: (filters: Record<string, string>) => [...adKeys.lists(), filters] as const,
  detail: (id: string) => [...adKeys.all, 'detail', id] as const,
  categories: () => ['ad-categories'] as const,
  ownExpired: () => [...adKeys.all, 'own-expired'] as const,
};
