import { Box, Center, Text, VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { RequireUser } from '../../../components/require-user';
import { ChatPane } from '../components/chat-pane';
import { ConversationList } from '../components/conversation-list';
import classes from '../components/messages.module.css';

function Inbox({ me }: { me: string }) {
  const { t } = useTranslation('messages');
  const [params] = useSearchParams();
  const raw = params.get('user');
  // Writing to yourself is refused by the server; the inbox does not offer it either.
  const otherId = raw && raw !== me ? raw : undefined;

  useEffect(() => {
    document.title = `${t('inboxTitle')} · CaribConnect`;
  }, [t]);

  return (
    <Box p={{ base: 0, sm: 'md' }} pt={{ base: 'xs', sm: 'md' }}>
      <VisuallyHidden component="h1">{t('inboxTitle')}</VisuallyHidden>
      <div className={classes.inbox} data-chat-open={otherId ? true : undefined}>
        <div className={classes.listPane}>
          <ConversationList me={me} selectedId={otherId} />
        </div>
        <section className={classes.chatPane} aria-label={t('chat')}>
          {otherId ? (
            <ChatPane key={otherId} me={me} otherId={otherId} />
          ) : (
            <Center h="100%" p="md">
              <Text c="dimmed">{t('selectConversation')}</Text>
            </Center>
          )}
        </section>
      </div>
    </Box>
  );
}

/** /inbox and /consultant/inbox; ?user={id} opens (or starts) the conversation with that person. */
export default function InboxScreen() {
  const { t } = useTranslation('messages');
  return <RequireUser signedOut={t('signedOut')}>{(user) => <Inbox me={user.id} />}</RequireUser>;
}
