import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Page } from '@caribconnect/shared';
import { PagedList } from '../../../components/paged-list';
import { EmptyState } from '../../../components/states';
import classes from './admin-table.module.css';

export interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
  style?: CSSProperties;
  /** In a card, show the value without the column's name (a button that already says what it does). */
  bare?: boolean;
}

/** Long values (emails, ids, titles) must wrap, or they widen a card or a column past the screen. */
export const wrapAnywhere: CSSProperties = { overflowWrap: 'anywhere' };
export const breakAll: CSSProperties = { wordBreak: 'break-all' };

/**
 * An email or name that may be longer than a phone's card: it wraps after "@" and before a ".", "-",
 * "_" or "+" (`<wbr>`), and mid-word only when one piece is still too long, never "marie-cl|…" with
 * the whole value hidden (issue 48, item 13). Its whole text stays in the DOM, for copying and for
 * screen readers.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?=[.\-_+])|(?<=@)/);
  return (
    <span style={wrapAnywhere}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
/** A badge in a narrow column would otherwise be cut to "EMPL…": its text decides its width. */
export const fullWidthBadge: CSSProperties = { minWidth: 'max-content' };

/**
 * The rows of an admin list: a table on wide screens and cards on narrow ones (admin-table.module.css),
 * each cell carrying its column's name for the card. The table's roles are spelled out because a
 * browser may drop a table's semantics once CSS changes its display. Short lists that are not paged
 * (failed jobs) use it directly.
 */
export function AdminRows<T extends { id: string }>({ items, columns, label, fontSize }: { items: T[]; columns: Column<T>[]; label: string; fontSize?: 'sm' }) {
  return (
    <table role="table" aria-label={label} className={classes.table} style={fontSize ? { fontSize: 'var(--mantine-font-size-sm)' } : undefined}>
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((c) => (
            <th role="columnheader" scope="col" key={c.header}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {items.map((item) => (
          <tr role="row" key={item.id}>
            {columns.map((c) => (
              <td role="cell" key={c.header} style={c.style}>
                {!c.bare && (
                  <span className={classes.label} aria-hidden>
                    {c.header}
                  </span>
                )}
                {c.cell(item)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Every admin list: its body goes through PagedList (loading, errors, empty, Load more), its rows are
 * AdminRows.
 */
export function AdminTable<T extends { id: string }>({
  query,
  columns,
  label,
  loadFailed,
  empty,
  loading,
  fontSize,
  autoLoad = true,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>>;
  columns: Column<T>[];
  /** The table's name for screen readers (usually the heading of its section or page). */
  label: string;
  loadFailed: string;
  empty: string;
  loading?: string;
  fontSize?: 'sm';
  /** Off where the list sits above other sections that a person scrolls down to. */
  autoLoad?: boolean;
}) {
  const { t } = useTranslation('admin');
  return (
    <PagedList
      query={query}
      labels={{ loading: loading ?? t('loading'), failed: loadFailed, loadMore: t('users.loadMore'), loadingMore: t('users.loadingMore') }}
      autoLoad={autoLoad}
      empty={<EmptyState message={empty} />}
    >
      {(items) => <AdminRows items={items} columns={columns} label={label} fontSize={fontSize} />}
    </PagedList>
  );
}
