import { Alert, Anchor, Button, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { MESSAGE_MAX, messageText } from '@caribconnect/shared';
import { Notice } from '../../../components/notice';
import { Page } from '../../../components/page';
import { toast } from '../../../components/toast';
import { RequireUser } from '../../../components/require-user';
import { paths } from '../../../lib/paths';
import { useContact } from '../api/get-contact';
import { useSendMessage } from '../api/send-message';

function SendForm({ to }: { to: string }) {
  const { t } = useTranslation('messages');
  const contact = useContact(to);
  const send = useSendMessage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = messageText.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message === 'Message cannot be empty.' ? t('empty') : t('tooLong', { max: MESSAGE_MAX }));
      return;
    }
    setError(null);
    send.mutate({ recipientId: to, message: parsed.data }, { onSuccess: () => setText(''), onError: () => toast(t('sendFailed'), 'error') });
  };

  return (
    <Paper withBorder p="lg" component="form" onSubmit={onSubmit} noValidate aria-label={t('sendTitle')}>
      <Stack>
        <Text>
          <Text span fw={700}>
            {t('to')}
          </Text>{' '}
          {contact.data?.fullName || to}
        </Text>
        {send.isSuccess && (
          <Alert color="green" role="status" title={t('sent_ok')}>
            <Anchor component={Link} to={paths.inbox.to(to)}>
              {t('openConversation')}
            </Anchor>
          </Alert>
        )}
        <Textarea
          label={t('messageLabel')}
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={MESSAGE_MAX}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (send.isSuccess) send.reset();
          }}
          error={error}
        />
        <Button type="submit" loading={send.isPending} loaderProps={{ 'aria-label': t('sending') }}>
          {t('send')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Send a Message (/send-message?to={userId}). */
export default function SendMessageScreen() {
  const { t } = useTranslation('messages');
  const [params] = useSearchParams();
  const to = params.get('to');
  return (
    <Page title={t('sendTitle')} size="sm">
      <RequireUser signedOut={t('signedOut')} writes>
        {() => (to ? <SendForm to={to} /> : <Notice title={t('noRecipient')} />)}
      </RequireUser>
    </Page>
  );
}
