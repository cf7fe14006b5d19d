import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { isHydrating } from './hydrate-in-turns';

/**
 * False on the server and in the first browser render of a server-rendered page (so the HTML and
 * hydration agree), true from a render right after the control has hydrated, and at once in a screen
 * the browser draws itself. A control that only works with scripts (a menu, a dialog opener, a
 * searchable choice) renders disabled and pending until then: on a slow phone the page is readable
 * seconds before its scripts run, and a click on it would otherwise do nothing and say nothing.
 *
 * Not `useSyncExternalStore` with a server snapshot: React renders every such control again
 * synchronously after its hydration's passive effects, in one task with all of them (about 25 ms on
 * /jobs, blocking time; decision 0067, fifth addendum). This update is a transition, which React
 * renders in slices.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !isHydrating());
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/** Props for a script-only control: disabled, busy-looking and named as waiting until the app has hydrated. */
export function untilHydrated(hydrated: boolean) {
  return hydrated ? {} : { disabled: true, 'data-pending': true };
}

/**
 * A script-only control inside a bigger component: it reads `useHydrated` itself, so only the
 * control renders again when the page has hydrated, not everything around it (the header's menu
 * button, language choice and log-out, say). That keeps the surrounding part's work in its own turn
 * (lib/hydrate-in-turns.tsx).
 */
export function UntilHydrated({ children }: { children: (props: ReturnType<typeof untilHydrated>) => ReactNode }) {
  return children(untilHydrated(useHydrated()));
}

/** What each text area held when hydration began (rememberTextAreas), until a hook has read it. */
const textAreasBeforeHydration = new WeakMap<HTMLTextAreaElement, string>();

/**
 * Called right before hydrating. React DOM sets a text area's value back to its text when it hydrates
 * one that the server rendered with text in it (it leaves inputs as they are), so what a person
 * typed into it before hydration is gone by the time a hook could read it: it is kept here first.
 */
export function rememberTextAreas(root: ParentNode) {
  for (const area of Array.from(root.querySelectorAll('textarea'))) if (area.value !== area.defaultValue) textAreasBeforeHydration.set(area, area.value);
}

/** A field's value as the person left it before hydration (lib/use-typed-before-hydration.ts). */
export function valueBeforeHydration(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): string {
  if (!(field instanceof HTMLTextAreaElement) || !textAreasBeforeHydration.has(field)) return field.value;
  const value = textAreasBeforeHydration.get(field)!;
  textAreasBeforeHydration.delete(field);
  return value;
}
