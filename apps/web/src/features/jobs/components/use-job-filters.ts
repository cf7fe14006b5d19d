import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import type { JobFilters } from '../api/get-jobs';

const KEYS = ['title', 'category', 'country', 'date'] as const;
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

/** The filters live in the URL query so a filtered list can be shared and survives reload. */
export function useJobFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const update = useCallback(
    (change: (url: URLSearchParams) => void) =>
      setParams(
        (prev) => {
          const url = new URLSearchParams(prev);
          change(url);
          return url;
        },
        // Typing must not fill the back button's history with one entry per letter.
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  const setFilter = useCallback(
    (key: FilterKey, value: string | null | undefined) => update((url) => (value && value.trim() ? url.set(key, value) : url.delete(key))),
    [update],
  );
  const clear = useCallback(() => update((url) => KEYS.forEach((key) => url.delete(key))), [update]);
  const active = KEYS.some((k) => !!filters[k]?.trim());
  return { filters, setFilter, clear, active };
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
