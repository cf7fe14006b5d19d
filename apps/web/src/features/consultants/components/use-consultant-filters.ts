import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ConsultantFilters } from '../api/get-consultants';

const KEYS = ['q', 'specialty', 'country'] as const;
export type FilterKey = (typeof KEYS)[number];

export function filtersFromParams(params: URLSearchParams): ConsultantFilters {
  return { q: params.get('q') ?? undefined, specialty: params.get('specialty') ?? undefined, country: params.get('country') ?? undefined };
}

/** The filters live in the URL query, so a filtered list can be shared and survives a reload. */
export function useConsultantFilters() {
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

  return { filters, setFilter, clear, active: KEYS.some((k) => !!filters[k]) };
}
