import '@mantine/core/styles/ActionIcon.css';
import { ActionIcon, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { MESSAGE_MAX, messageText } from '@caribconnect/shared';
import { errorText } from '../../../lib/errors';
import { toast } from '../../../components/toast';
import { MutedNotice, useMuted } from '../../../components/muted-notice';
import { UnconfirmedNotice, useUnconfirmed } from '../../../components/unconfirmed-notice';
import { useSendMessage } from '../api/send-message';
import classes from './messages.module.css';

function SendIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M22 2 11 13" />
      <path d="M22 2 15 22l-4-9-9-4 20-7z" />
    </svg>
  );
}

/** Enter sends, Shift+Enter is a new line; blank text is never sent; the box empties on success. */
export function MessageComposer({ recipientId }: { recipientId: string }) {
  const { t } = useTranslation('messages');
  const send = useSendMessage();
  const [text, setText] = useState('');
  const muted = useMuted();
  const unconfirmed = useUnconfirmed();

  const submit = () => {
    const parsed = messageText.safeParse(text);
    if (!parsed.success || send.isPending) return;
    send.mutate(
      { recipientId, message: parsed.data },
      {
        onSuccess: () => setText(''),
        onError: (err) => toast(errorText(err, t('sendFailed')), 'error', t('sendFailed')),
      },
    );
  };

  // A muted person reads the conversation; instead of a box the server would refuse, they are told why.
  if (muted || unconfirmed) return <div className={classes.composer}>{muted ? <MutedNotice /> : <UnconfirmedNotice />}</div>;
  return (
    <form
      className={classes.composer}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Textarea
        className={classes.grow}
        aria-label={t('messageLabel')}
        placeholder={t('typeMessage')}
        autosize
        minRows={1}
        maxRows={6}
        maxLength={MESSAGE_MAX}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <ActionIcon type="submit" size={36} radius="xl" aria-label={t('send')} loading={send.isPending} disabled={!text.trim()}>
        <SendIcon />
      </ActionIcon>
    </form>
  );
}
