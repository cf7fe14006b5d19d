import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and in the first browser render of a server-rendered page (so the HTML and
 * hydration agree), true from the render right after hydration, and at once in a screen the browser
 * draws itself. A control that only works with scripts (a menu, a dialog opener, a searchable
 * choice) renders disabled and pending until then: on a slow phone the page is readable seconds
 * before its scripts run, and a click on it would otherwise do nothing and say nothing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** Props for a script-only control: disabled, busy-looking and named as waiting until the app has hydrated. */
export function untilHydrated(hydrated: boolean) {
  return hydrated ? {} : { disabled: true, 'data-pending': true };
}
