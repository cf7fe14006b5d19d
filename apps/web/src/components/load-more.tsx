import { useEffect, useRef } from 'react';
import { untilHydrated, useHydrated } from '../lib/hydrated';
import { PlainButton, PlainCenter, PlainLoader, PlainText } from './plain-mantine';

interface Props {
  /** The paged query (TanStack's infinite query result, or the same three fields). */
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
  loadingLabel: string;
  doneLabel?: string;
  /** Also load when the button scrolls into view (the button stays for keyboards and screen readers). */
  auto?: boolean;
}

/**
 * The end of a paged list: a "Load more" button, optionally pressed for you as you scroll near it.
 * Mantine's look, drawn plainly (plain-mantine.tsx): every list hydrates it on its first load.
 */
export function LoadMore({ query, label, loadingLabel, doneLabel, auto = true }: Props) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const ref = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    const el = ref.current;
    if (!auto || !el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [auto, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!hasNextPage) {
    return doneLabel ? (
      <PlainText dimmed size="sm" center py="md">
        {doneLabel}
      </PlainText>
    ) : null;
  }
  return (
    <PlainCenter ref={ref} py="md">
      <PlainButton
        variant="light"
        onClick={() => fetchNextPage()}
        disabled={isFetchingNextPage}
        {...untilHydrated(hydrated)}
        leftSection={isFetchingNextPage ? <PlainLoader size={14} color="gray" aria-hidden /> : undefined}
      >
        {isFetchingNextPage ? loadingLabel : label}
      </PlainButton>
    </PlainCenter>
  );
}
