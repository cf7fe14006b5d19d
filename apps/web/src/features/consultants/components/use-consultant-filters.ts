import { useCallback, useMemo } from 'react';
import { useFilterParams } from '../../../lib/use-filter-params';
import type { ConsultantFilters } from '../api/get-consultants';

const KEYS = ['q', 'specialty', 'country'] as const;
export type FilterKey = (typeof KEYS)[number];

export function filtersFromParams(params: URLSearchParams): ConsultantFilters {
  return { q: params.get('q') ?? undefined, specialty: params.get('specialty') ?? undefined, country: params.get('country') ?? undefined };
}

/** Blank text is no filter: it is not written to the URL. */
const put = (next: URLSearchParams, key: FilterKey, value: string | null | undefined) => (value && value.trim() ? next.set(key, value) : next.delete(key));

/** The filters live in the URL query, so a filtered list can be shared and survives a reload. */
export function useConsultantFilters() {
  const [params, update] = useFilterParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const setFilter = useCallback((key: FilterKey, value: string | null | undefined) => update((next) => put(next, key, value)), [update]);
  /** Every filter at once, as the filter form holds them (a key the form lacks is left alone). */
  const setFilters = useCallback(
    (values: Partial<Record<string, string>>) => update((next) => KEYS.forEach((key) => key in values && put(next, key, values[key]))),
    [update],
  );
  const clear = useCallback(() => update((next) => KEYS.forEach((key) => next.delete(key))), [update]);

  return { filters, setFilter, setFilters, clear, active: KEYS.some((k) => !!filters[k]) };
}
