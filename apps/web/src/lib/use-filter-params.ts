import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from './router';

/**
 * A list's filters in the URL's query: the params, and `update` to rewrite them in place (replacing
 * the history entry, keeping the scroll: typing must not fill the back button with one entry per
 * letter). Each update builds on the one before even within the same tick: React Router hands every
 * setSearchParams updater the params of the last render, so two filters set at once (two fields
 * adopted on hydration, lib/use-typed-before-hydration.ts) would keep only the last one.
 */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const next = new URLSearchParams(latest.current);
      change(next);
      latest.current = next;
      setParams(next, { replace: true, preventScrollReset: true });
    },
    [setParams],
  );
  return [params, update] as const;
}
