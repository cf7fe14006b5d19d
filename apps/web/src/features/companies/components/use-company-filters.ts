import { useCallback, useMemo } from 'react';
import { useFilterParams } from '../../../lib/use-filter-params';
import { COMPANY_FILTER_KEYS, filtersFromParams } from '../api/get-companies';

type Key = (typeof COMPANY_FILTER_KEYS)[number];
const put = (next: URLSearchParams, key: Key, value: string | null | undefined) => (value && value.trim() ? next.set(key, value) : next.delete(key));

/** The directory's filters live in the URL query, so a filtered list can be shared and survives a reload. */
export function useCompanyFilters() {
  const [params, update] = useFilterParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilter = useCallback((key: Key, value: string | null | undefined) => update((next) => put(next, key, value)), [update]);
  const setFilters = useCallback(
    (values: Partial<Record<string, string>>) => update((next) => COMPANY_FILTER_KEYS.forEach((key) => key in values && put(next, key, values[key]))),
    [update],
  );
  const clear = useCallback(() => update((next) => COMPANY_FILTER_KEYS.forEach((key) => next.delete(key))), [update]);
  return { filters, setFilter, setFilters, clear, active: COMPANY_FILTER_KEYS.some((k) => !!filters[k]) };
}
