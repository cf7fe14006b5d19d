import { useCallback, useMemo } from 'react';
import { useFilterParams } from '../../../lib/use-filter-params';
import { AD_FILTER_KEYS, type AdFilters } from '../api/get-ads';

export function filtersFromParams(params: URLSearchParams): AdFilters {
  return Object.fromEntries(AD_FILTER_KEYS.map((key) => [key, params.get(key) ?? undefined]));
}

/** The search and every filter live in the URL, so a filtered list can be shared and survives reload. */
export function useAdFilters() {
  const [params, update] = useFilterParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback(
    (next: AdFilters) =>
      update((out) => {
        for (const key of AD_FILTER_KEYS) {
          if (!(key in next)) continue;
          const value = next[key]?.trim();
          if (value) out.set(key, value);
          else out.delete(key);
        }
      }),
    [update],
  );
  return { filters, setFilters, active: AD_FILTER_KEYS.some((key) => !!filters[key]) };
}
