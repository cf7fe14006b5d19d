/** Every cache key of the companies feature, from the broadest (invalidate all) to one entry. */
export const companyKeys = {
  all: ['companies'] as const,
  lists: () => [...companyKeys.all, 'list'] as const,
  list: (filters: Record<string, string>) => [...companyKeys.lists(), filters] as const,
  detail: (slug: string) => [...companyKeys.all, 'detail', slug] as const,
  jobs: (slug: string) => [...companyKeys.all, 'jobs', slug] as const,
  follow: (slug: string) => [...companyKeys.all, 'follow', slug] as const,
  mine: () => [...companyKeys.all, 'mine'] as const,
  members: () => [...companyKeys.all, 'mine', 'members'] as const,
  invitations: () => [...companyKeys.all, 'mine', 'invitations'] as const,
  invitation: (token: string) => ['invitations', token] as const,
};
