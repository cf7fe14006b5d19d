import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { JobDateFilter } from '@caribconnect/shared';
import type { JobFilters } from '../api/get-jobs';

const KEYS = ['title', 'category', 'country', 'date'] as const;
export type FilterKey = (typeof KEYS)[number];

// A type-checked copy of JOB_DATE_FILTERS: this file is in the first download (the route loader uses
// it), and importing the value would pull the shared schemas and the country list in with it.
const DATE_FILTERS: Record<JobDateFilter, true> = { last24h: true, last3d: true, last7d: true, last30d: true, thisYear: true };

export function filtersFromParams(params: URLSearchParams): JobFilters {
  const date = params.get('date');
  return {
    title: params.get('title') ?? undefined,
    category: params.get('category') ?? undefined,
    country: params.get('country') ?? undefined,
    // An unknown value in a shared link is ignored rather than sent on to fail.
    date: date && Object.hasOwn(DATE_FILTERS, date) ? (date as JobDateFilter) : undefined,
  };
}

/** The filters live in the URL query so a filtered list can be shared and survives reload. */
export function useJobFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const setFilter = useCallback(
    (key: FilterKey, value: string | null | undefined) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value && value.trim()) next.set(key, value);
          else next.delete(key);
          return next;
        },
        // Typing must not fill the back button's history with one entry per letter.
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const key of KEYS) next.delete(key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setParams]);

  const active = KEYS.some((k) => !!filters[k]);
  return { filters, setFilter, clear, active };
}
