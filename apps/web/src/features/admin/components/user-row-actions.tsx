import '@mantine/core/styles/Menu.css';
import i18n from '../../../lib/i18n';
import { Button, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../../../lib/use-translation';
import type { AdminUser, SetRoleBody } from '@caribconnect/shared';
import { InterviewsToCancel } from '../../../components/interviews-to-cancel';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/errors';
import { useDeleteUser } from '../api/delete-user';
import { useSetRole } from '../api/set-role';
import { useSetVerified } from '../api/moderation';

type Role = SetRoleBody['role'];

/** The Manage menu of one user: role, suspend, mute, ban (each with Undo) and delete. */
export function UserRowActions({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const setRole = useSetRole();
  const del = useDeleteUser();
  const verify = useSetVerified();
  const setVerified = (verified: boolean) =>
    verify.mutate(
      { userId: user.id, verified },
      {
        onSuccess: () => toast(t(verified ? 'moderation.verifiedSet' : 'moderation.verifiedUnset', { name })),
        onError: (err) => toast(errorText(err, t('moderation.actionFailed')), 'error'),
      },
    );
  const name = user.fullName || user.email;

  const undo = (id: string, previous: string, toastId: string) => {
    notifications.hide(toastId);
    setRole.mutate(
      { id, role: previous as Role },
      {
        onSuccess: () => toast(t('users.undoSuccess')),
        onError: (err) => toast(t('users.undoFailed', { message: errorText(err) }), 'error'),
      },
    );
  };

  const change = (role: Role) =>
    setRole.mutate(
      { id: user.id, role },
      {
        onSuccess: (res) => {
          const toastId = `role-${user.id}-${Date.now()}`;
          notifications.show({
            id: toastId,
            color: 'teal',
            autoClose: 8000,
            closeButtonProps: { 'aria-label': i18n.t('close') },
            message: (
              <>
                <Text size="sm">{t('users.roleSet', { role: t(`roles.${role}`) })}</Text>
                <Button size="compact-xs" variant="light" mt={4} onClick={() => undo(user.id, res.previousRole, toastId)}>
                  {t('users.undo')}
                </Button>
              </>
            ),
          });
        },
        onError: (err) => toast(t('users.roleFailed', { message: errorText(err) }), 'error'),
      },
    );

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('users.confirmTitle'),
      centered: true,
      closeButtonProps: { 'aria-label': i18n.t('close') },
      children: (
        <>
          <Text size="sm">{t('users.confirmDelete', { name })}</Text>
          <InterviewsToCancel
            url={`/api/admin/users/${encodeURIComponent(user.id)}/upcoming-interviews`}
            text={(count) => t('users.confirmInterviews', { count })}
            checking={t('content.checkingInterviews')}
          />
        </>
      ),
      labels: { confirm: t('users.delete'), cancel: t('users.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        del.mutate(user.id, {
          onSuccess: () => toast(t('users.deleted')),
          onError: () => toast(t('users.deleteFailed'), 'error'),
        }),
    });

  if (user.role === 'admin') return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="light" loading={setRole.isPending || del.isPending || verify.isPending} aria-label={t('users.manageLabel', { name })}>
          {t('users.manage')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => change('jobseeker')}>{t('users.setJobSeeker')}</Menu.Item>
        <Menu.Item onClick={() => change('employer')}>{t('users.setEmployer')}</Menu.Item>
        {user.role === 'employer' && (
          <Menu.Item onClick={() => setVerified(!user.verifiedEmployer)}>{user.verifiedEmployer ? t('moderation.unverify') : t('moderation.verify')}</Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item onClick={() => change('suspended')}>{t('users.suspend')}</Menu.Item>
        <Menu.Item onClick={() => change('muted')}>{t('users.mute')}</Menu.Item>
        <Menu.Item onClick={() => change('banned')}>{t('users.ban')}</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" onClick={confirmDelete}>
          {t('users.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
