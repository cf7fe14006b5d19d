import { useCallback, useMemo } from 'react';
import { useFilterParams } from '../../../lib/use-filter-params';
import type { AdFilters } from '../api/get-ads';

export function filtersFromParams(params: URLSearchParams): AdFilters {
  return { q: params.get('q') ?? undefined, category: params.get('category') ?? undefined };
}

/** Search and category live in the URL, so a filtered list can be shared and survives reload. */
export function useAdFilters() {
  const [params, update] = useFilterParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback(
    (next: AdFilters) =>
      update((out) => {
        for (const key of ['q', 'category'] as const) {
          if (!(key in next)) continue;
          const value = next[key]?.trim();
          if (value) out.set(key, value);
          else out.delete(key);
        }
      }),
    [update],
  );
  return { filters, setFilters, active: !!(filters.q || filters.category) };
}
