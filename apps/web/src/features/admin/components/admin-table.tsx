import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '@caribconnect/shared';
import { LoadMore } from '../../../components/load-more';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';

export interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
  style?: CSSProperties;
}

/** Long values (emails, ids, titles) must wrap, or a 360 px screen scrolls sideways. */
export const wrapAnywhere: CSSProperties = { overflowWrap: 'anywhere' };
export const breakAll: CSSProperties = { wordBreak: 'break-all' };

/**
 * One of the admin's keyset-paged lists as a table: loading, error (kept away while rows are shown,
 * so a failed refresh does not hide them), empty, rows and "Load more". The table scrolls inside its
 * own box on a phone instead of widening the page.
 */
export function PagedTable<T extends { id: string }>({
  query,
  columns,
  minWidth,
  loadFailed,
  empty,
  fontSize,
  autoLoad = true,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  columns: Column<T>[];
  minWidth: number;
  loadFailed: string;
  empty: string;
  fontSize?: 'sm';
  /** Off where the list sits above other sections that a person scrolls down to. */
  autoLoad?: boolean;
}) {
  const { t } = useTranslation('admin');
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending) return <LoadingState label={t('loading')} />;
  if (query.isError && !items.length) return <ErrorState message={loadFailed} onRetry={() => void query.refetch()} />;
  if (!items.length) return <EmptyState message={empty} />;
  return (
    <>
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped verticalSpacing="xs" fz={fontSize}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.header}>{c.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                {columns.map((c) => (
                  <Table.Td key={c.header} style={c.style}>
                    {c.cell(item)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMore query={query} label={t('users.loadMore')} loadingLabel={t('users.loadingMore')} auto={autoLoad} />
    </>
  );
}
