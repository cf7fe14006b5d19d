import { useCallback, useEffect, useMemo } from 'react';
import { useLocation } from '../../../lib/router';
import { useFilterParams } from '../../../lib/use-filter-params';
import { paths } from '../../../lib/paths';
import type { JobFilters } from '../api/get-jobs';

const KEYS = ['title', 'category', 'country', 'date', 'type', 'workplace', 'salary', 'per', 'currency', 'verified', 'sort'] as const;
export type FilterKey = (typeof KEYS)[number];

/**
 * The filters as the URL holds them, text as typed ('chef ' keeps its space while the person types);
 * jobsQueryOptions normalizes them (normalizeJobFilters) before asking the server.
 */
export function filtersFromParams(params: URLSearchParams): JobFilters {
  const filters: Record<string, string> = {};
  for (const key of KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters as JobFilters;
}

/** Blank text is no filter: it is not written to the URL. */
const put = (url: URLSearchParams, key: FilterKey, value: string | null | undefined) => (value && value.trim() ? url.set(key, value) : url.delete(key));

/**
 * What removing a filter's chip takes out of the URL: "salary at least" goes with its period and
 * currency, which mean nothing without an amount and would otherwise stay in the link (and in the
 * hidden fields) after the chip is gone.
 */
const CHIP_KEYS: Partial<Record<FilterKey, FilterKey[]>> = { salary: ['salary', 'per', 'currency'] };
export const removeChip = (url: URLSearchParams, key: FilterKey) => (CHIP_KEYS[key] ?? [key]).forEach((k) => url.delete(k));

/** The filters live in the URL query so a filtered list can be shared and survives reload. */
export function useJobFilters() {
  const [params, update] = useFilterParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const setFilter = useCallback((key: FilterKey, value: string | null | undefined) => update((url) => put(url, key, value)), [update]);
  /** Every filter at once, as the filter form holds them (a key the form lacks is left alone). */
  const setFilters = useCallback(
    (values: Partial<Record<string, string>>) => update((url) => KEYS.forEach((key) => key in values && put(url, key, values[key]))),
    [update],
  );
  const removeFilter = useCallback((key: FilterKey) => update((url) => removeChip(url, key)), [update]);
  const clear = useCallback(() => update((url) => KEYS.forEach((key) => url.delete(key))), [update]);
  // The order is no filter: choosing Newest leaves nothing to clear.
  const active = KEYS.some((k) => k !== 'sort' && !!filters[k]?.trim());
  return { filters, setFilter, setFilters, removeFilter, clear, active };
}

/** The jobs list as the person last had it in this tab (path and filters), for "Back to jobs". */
let lastList: string | null = null;

/** Where "Back to jobs" leads: the list with the person's filters (its scroll is restored per URL), else the bare list. */
export const jobsListReturnPath = () => lastList ?? paths.jobs.to();

/** Called by the list screen: remembers its URL as the filters change. */
export function useRememberJobsList() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    lastList = pathname + search;
  }, [pathname, search]);
}
