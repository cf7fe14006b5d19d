import { useInfiniteQuery } from '@tanstack/react-query';
import type { SavedItem } from '@caribconnect/shared';
import { pagedQueryOptions } from '../../../lib/paged';
import { savedKeys } from '../../../lib/saved';

export const savedQueryOptions = () => pagedQueryOptions<SavedItem>(savedKeys.list(), '/api/saved');

export function useSaved() {
  return useInfiniteQuery(savedQueryOptions());
}
