import '@mantine/core/styles/Avatar.css';
import { Avatar, Badge, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useAdminUsers } from '../api/get-users';
import { AdminTable, Breakable, fullWidthBadge } from './admin-table';
import { UserRowActions } from './user-row-actions';

/** The server searches (name or email) and pages; typing waits a moment before asking. */
export function UserList() {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [term] = useDebouncedValue(q.trim(), 300);
  const users = useAdminUsers(term, true);
  return (
    <>
      <TextInput type="search" label={t('users.search')} value={q} onChange={(e) => setQ(e.currentTarget.value)} mb="sm" maxLength={100} />
      <AdminTable
        query={users}
        label={t('users.heading')}
        autoLoad={false}
        loadFailed={t('users.loadFailed')}
        empty={t('users.empty')}
        columns={[
          { header: t('users.avatar'), cell: (u) => <Avatar src={u.avatarUrl} alt={u.fullName || u.email} size="sm" radius="xl" />, bare: true },
          { header: t('users.name'), cell: (u) => (u.fullName ? <Breakable text={u.fullName} /> : t('users.noName')) },
          { header: t('users.email'), cell: (u) => <Breakable text={u.email} /> },
          {
            header: t('users.role'),
            cell: (u) => (
              <Badge variant="outline" style={fullWidthBadge} color={['suspended', 'muted', 'banned'].includes(u.role) ? 'red.9' : 'dark'}>
                {t(`roles.${u.role}`, { defaultValue: u.role })}
              </Badge>
            ),
          },
          { header: t('users.manage'), cell: (u) => <UserRowActions user={u} />, bare: true },
        ]}
      />
    </>
  );
}
