import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DirectoryUser } from '@caribconnect/shared';
import { LoadMore } from '../../../components/load-more';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { useSearchUsers } from '../api/search-users';

/**
 * A name search over other people, on the server and a page at a time (never every profile). The
 * term lives in the URL (?q=) so Back and reloads keep it; typing updates it after a short pause,
 * Enter or Search at once. A GET form with the field named `q`, like the public lists' filters.
 */
export function UserSearch({ label, placeholder, children }: { label: string; placeholder?: string; children: (user: DirectoryUser) => ReactNode }) {
  const { t } = useTranslation('messages');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const apply = useDebouncedCallback((next: string) => setParams(next.trim() ? { q: next } : {}, { replace: true }), 350);
  useEffect(() => setText(q), [q]);
  const query = useSearchUsers(q);
  const users = query.data?.pages.flatMap((p) => p.items) ?? [];

  useEffect(() => {
    if (query.isError) toast(t('directoryFailed'), 'error');
  }, [query.isError, t]);

  let body: ReactNode;
  if (query.isPending) body = <LoadingState label={t('loadingUsers')} />;
  else if (query.isError && !users.length) body = <ErrorState message={t('directoryFailed')} onRetry={() => void query.refetch()} />;
  else if (!users.length) body = <EmptyState message={t('noUsers')} />;
  else
    body = (
      <>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-busy={query.isFetching && !query.isFetchingNextPage}>
          {users.map((u) => (
            <li key={u.id}>{children(u)}</li>
          ))}
        </Stack>
        <LoadMore query={query} label={t('loadMore')} loadingLabel={t('loadingMore')} />
      </>
    );

  return (
    <Stack>
      <form
        method="get"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          apply(text);
          apply.flush();
        }}
      >
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={label}
            placeholder={placeholder}
            type="search"
            name="q"
            value={text}
            maxLength={100}
            onChange={(e) => {
              setText(e.currentTarget.value);
              apply(e.currentTarget.value);
            }}
            style={{ flex: 1 }}
          />
          <Button type="submit">{t('searchButton')}</Button>
        </Group>
      </form>
      {body}
    </Stack>
  );
}
