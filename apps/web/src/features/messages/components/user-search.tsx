import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { DirectoryUser } from '@caribconnect/shared';
import { PagedList } from '../../../components/paged-list';
import { EmptyState } from '../../../components/states';
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

  useEffect(() => {
    if (query.isError) toast(t('directoryFailed'), 'error');
  }, [query.isError, t]);

  const body = (
    <PagedList
      query={query}
      labels={{ loading: t('loadingUsers'), failed: t('directoryFailed'), loadMore: t('loadMore'), loadingMore: t('loadingMore') }}
      empty={<EmptyState message={t('noUsers')} />}
    >
      {(users) => (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {users.map((u) => (
            <li key={u.id}>{children(u)}</li>
          ))}
        </Stack>
      )}
    </PagedList>
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
