import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Table.css';
import { Avatar, Badge, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../../components/load-more';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useAdminUsers } from '../api/get-users';
import { UserRowActions } from './user-row-actions';

/** The server searches (name or email) and pages; typing waits a moment before asking. */
export function UserList() {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [term] = useDebouncedValue(q.trim(), 300);
  const users = useAdminUsers(term, true);
  const items = users.data?.pages.flatMap((p) => p.items) ?? [];

  let body: React.ReactNode;
  if (users.isPending) body = <LoadingState label={t('loading')} />;
  else if (users.isError && !items.length) body = <ErrorState message={t('users.loadFailed')} onRetry={() => void users.refetch()} />;
  else if (!items.length) body = <EmptyState message={t('users.empty')} />;
  else
    body = (
      <>
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('users.avatar')}</Table.Th>
                <Table.Th>{t('users.name')}</Table.Th>
                <Table.Th>{t('users.email')}</Table.Th>
                <Table.Th>{t('users.role')}</Table.Th>
                <Table.Th>{t('users.manage')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>
                    <Avatar src={u.avatarUrl} alt={u.fullName || u.email} size="sm" radius="xl" />
                  </Table.Td>
                  <Table.Td>{u.fullName || t('users.noName')}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{u.email}</Table.Td>
                  <Table.Td>
                    <Badge variant="outline" color={['suspended', 'muted', 'banned'].includes(u.role) ? 'red.9' : 'dark'}>
                      {t(`roles.${u.role}`, { defaultValue: u.role })}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <UserRowActions user={u} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <LoadMore
          hasNextPage={users.hasNextPage}
          isFetchingNextPage={users.isFetchingNextPage}
          fetchNextPage={users.fetchNextPage}
          label={t('users.loadMore')}
          loadingLabel={t('users.loadingMore')}
          auto={false}
        />
      </>
    );
  return (
    <>
      <TextInput type="search" label={t('users.search')} value={q} onChange={(e) => setQ(e.currentTarget.value)} mb="sm" maxLength={100} />
      {body}
    </>
  );
}
