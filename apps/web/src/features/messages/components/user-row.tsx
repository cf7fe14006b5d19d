import { Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import type { DirectoryUser } from '@caribconnect/shared';
import { UserAvatar } from '../../../components/user-avatar';

/** A role as people read it ('jobseeker' -> 'Job Seeker'); an unknown one as it is stored. */
export function useRoleLabel() {
  const { t } = useTranslation('messages');
  return (role: string) => t(`roles.${role}`, { defaultValue: role });
}

export function UserIdentity({ user, roleAsLabel = false }: { user: DirectoryUser; roleAsLabel?: boolean }) {
  const { t } = useTranslation('messages');
  const roleLabel = useRoleLabel();
  return (
    <>
      <UserAvatar name={user.fullName} src={user.avatarUrl} alt="" size={44} />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text fw={600} truncate>
          {user.fullName || t('unknownUser')}
        </Text>
        <Text size="sm" c="dimmed">
          {roleAsLabel ? t('roleLine', { role: roleLabel(user.role) }) : roleLabel(user.role)}
        </Text>
      </div>
    </>
  );
}
