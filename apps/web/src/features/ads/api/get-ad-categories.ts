import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdCategory } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { adKeys } from './keys';

export const adCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: adKeys.categories(),
    queryFn: ({ signal }) => api<AdCategory[]>('/api/ad-categories', { signal }),
    staleTime: 60 * 60 * 1000,
  });

export const useAdCategories = () => useQuery(adCategoriesQueryOptions());
