import { useCallback, useMemo, useRef, useState } from 'react';

/** A number the header shows (unread messages; later, notifications) and what a screen reader says for it. */
export interface HeaderCount {
  count: number;
  /** "3 unread messages", in the reader's language. */
  label: string;
}

/** Where a count comes from. A notifications bell adds its own source here, and the menu button sums them. */
export type CountSource = 'inbox' | 'notifications';

/**
 * The header's counts, each reported by the (lazily loaded) part that knows it. On a phone the
 * navigation is behind the menu button, so the button carries their total and says each one in its
 * name; the navigation shows each beside its own link.
 */
export function useHeaderCounts() {
  const [counts, setCounts] = useState<Partial<Record<CountSource, HeaderCount>>>({});
  const reporters = useRef(new Map<CountSource, (count: HeaderCount | null) => void>());
  // One stable function per source: the reporting part runs an effect whenever it changes.
  const reporter = useCallback((source: CountSource) => {
    let report = reporters.current.get(source);
    if (!report) {
      report = (count) =>
        setCounts((previous) => {
          if (previous[source]?.count === count?.count && previous[source]?.label === count?.label) return previous;
          const next = { ...previous };
          if (count) next[source] = count;
          else delete next[source];
          return next;
        });
      reporters.current.set(source, report);
    }
    return report;
  }, []);
  const all = useMemo(() => Object.values(counts).filter((c): c is HeaderCount => !!c && c.count > 0), [counts]);
  const total = all.reduce((sum, c) => sum + c.count, 0);
  return { counts, all, total, reporter };
}

/** How a count is drawn: at most two digits and a plus. */
export const countText = (count: number) => (count > 99 ? '99+' : String(count));
