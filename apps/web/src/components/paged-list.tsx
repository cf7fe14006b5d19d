import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Page } from '@caribconnect/shared';
import type { ReactNode } from 'react';
import { pagedItems } from '../lib/paged';
import { LoadMore } from './load-more';
import { ErrorState, LoadingState } from './states';

export interface PagedListLabels {
  loading: string;
  /** Said when the first page fails (with Try again) and when a later one does (with a retry of it). */
  failed: string;
  loadMore: string;
  loadingMore: string;
  /** Said under a list that took more than one page, once its last page is in. */
  allLoaded?: string;
}

/**
 * The body of every paged list: loading, the first page failing (with a retry), empty, the items, a
 * later page failing, and Load more (pressed for you as the end comes near, unless `autoLoad` is
 * off). A screen says only how its items are laid out and what its empty state is.
 */
export function PagedList<Item>({
  query,
  labels,
  empty,
  autoLoad = true,
  children,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<Item>>>;
  labels: PagedListLabels;
  empty: ReactNode;
  /**
   * Off where scrolling down should not fetch: a list with more below it (the admin's sections), or
   * one a person reads to the end before deciding to see older items (My Applications).
   */
  autoLoad?: boolean;
  children: (items: Item[]) => ReactNode;
}) {
  const items = pagedItems(query.data);
  const severalPages = (query.data?.pages.length ?? 0) > 1;
  return (
    <div aria-busy={query.isFetching}>
      {query.isPending ? (
        <LoadingState label={labels.loading} />
      ) : query.isError && !items.length ? (
        <ErrorState message={labels.failed} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        empty
      ) : (
        <>
          {children(items)}
          {query.isFetchNextPageError && <ErrorState message={labels.failed} onRetry={() => void query.fetchNextPage()} />}
          <LoadMore
            // After a failed page its own retry stands in for Load more.
            query={{
              hasNextPage: query.hasNextPage && !query.isFetchNextPageError,
              isFetchingNextPage: query.isFetchingNextPage,
              fetchNextPage: query.fetchNextPage,
            }}
            label={labels.loadMore}
            loadingLabel={labels.loadingMore}
            doneLabel={severalPages ? labels.allLoaded : undefined}
            auto={autoLoad}
          />
        </>
      )}
    </div>
  );
}
