import '@mantine/core/styles/ActionIcon.css';
import { ActionIcon, Anchor, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect } from 'react';
import { Link, useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { UserAvatar } from '../../../components/user-avatar';
import { BlockButton } from '../../../components/block-button';
import { toast } from '../../../components/toast';
import { paths } from '../../../lib/paths';
import { useContact } from '../api/get-contact';
import { useDeleteConversation } from '../api/delete-conversation';
import { ChatMessages } from './chat-messages';
import { MessageComposer } from './message-composer';
import classes from './messages.module.css';

const icon = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

/** The right pane of the inbox: who you talk to, the conversation, and the box to write in. */
export function ChatPane({ me, otherId }: { me: string; otherId: string }) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const contact = useContact(otherId);
  const del = useDeleteConversation();
  const name = contact.data?.fullName || (contact.isPending ? '' : t('unknownUser'));

  useEffect(() => {
    if (contact.isError) toast(t('fetchUserFailed'), 'error');
  }, [contact.isError, t]);

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('deleteTitle'),
      centered: true,
      children: <Text size="sm">{t('deleteConfirm')}</Text>,
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': t('cancel') },
      onConfirm: () =>
        del.mutate(otherId, {
          onSuccess: () => {
            toast(t('deleted'));
            navigate(paths.inbox.to(), { replace: true });
          },
          onError: () => toast(t('deleteFailed'), 'error'),
        }),
    });

  return (
    <>
      <header className={classes.chatHeader}>
        <ActionIcon component={Link} to={paths.inbox.to()} variant="subtle" size="lg" className={classes.backButton} aria-label={t('back')}>
          <svg {...icon}>
            <path d="m15 18-6-6 6-6" />
          </svg>
        </ActionIcon>
        <UserAvatar name={contact.data?.fullName} src={contact.data?.avatarUrl} alt="" size={36} />
        <Title order={2} size="h5" className={classes.grow} lineClamp={1}>
          {/* No link until the name is known: a link without text says nothing to a screen reader. */}
          {name && (
            <Anchor component={Link} to={paths.profile.to(otherId)} c="inherit" fw={700} fz="inherit">
              {name}
            </Anchor>
          )}
        </Title>
        <BlockButton userId={otherId} name={name} onBlocked={() => navigate(paths.inbox.to(), { replace: true })} />
        <ActionIcon variant="subtle" color="red" size="lg" onClick={confirmDelete} loading={del.isPending} aria-label={t('deleteConversation')}>
          <svg {...icon}>
            <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
          </svg>
        </ActionIcon>
      </header>
      <ChatMessages me={me} otherId={otherId} />
      <MessageComposer recipientId={otherId} />
    </>
  );
}
