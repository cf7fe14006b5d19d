import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, safe for server-rendered screens: the server and hydration see
 * `serverValue` (the phone layout, mobile first), the browser's own answer follows right after
 * hydration, and on client navigations it is right from the first render (no flash).
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
