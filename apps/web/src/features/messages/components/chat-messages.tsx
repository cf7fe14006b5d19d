import { Button, Center, Loader, Text } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Message } from '@caribconnect/shared';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { ReportButton } from '../../../components/report/report-button';
import { formatDate } from '../../../lib/format-date';
import { useChat } from '../api/get-chat';
import { useMarkRead } from '../api/mark-read';
import classes from './messages.module.css';
import { shortTime } from './short-time';

function Bubble({ message, mine }: { message: Message; mine: boolean }) {
  const { t, i18n } = useTranslation('messages');
  return (
    <div className={classes.bubble} data-mine={mine || undefined}>
      {/* Text, never markup: React escapes it, and pre-wrap keeps the sender's line breaks. */}
      <Text span size="sm" c="inherit">
        {message.message}
      </Text>
      <span className={classes.meta}>
        <time dateTime={message.createdAt} title={formatDate(message.createdAt, i18n.language, true)}>
          {shortTime(message.createdAt, i18n.language)}
        </time>
        {mine && ` · ${message.read ? t('read') : t('sent')}`}
        {!mine && <ReportButton itemType="message" itemId={message.id} labelKey="reportMessage" size="compact-xs" variant="transparent" />}
      </span>
    </div>
  );
}

/**
 * The conversation, oldest at the top. Scrolling to the top loads older messages, keeping what you
 * were reading in place; a new message scrolls to the bottom if you were already there.
 */
export function ChatMessages({ me, otherId }: { me: string; otherId: string }) {
  const { t } = useTranslation('messages');
  const query = useChat(otherId);
  const markRead = useMarkRead();
  const box = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  const messages = (query.data?.pages.flatMap((p) => p.items) ?? []).slice().reverse();
  const newestId = messages.at(-1)?.id;
  const unreadFromOther = messages.some((m) => m.senderId === otherId && !m.read);

  useEffect(() => {
    if (query.isError) toast(t('loadFailed'), 'error');
  }, [query.isError, t]);

  // Opening the conversation, or a message arriving while it is open, marks theirs read.
  useEffect(() => {
    if (unreadFromOther && !markRead.isPending && document.visibilityState === 'visible') markRead.mutate(otherId);
  }, [unreadFromOther, otherId, markRead]);
  useEffect(() => {
    const onVisible = () => document.visibilityState === 'visible' && unreadFromOther && markRead.mutate(otherId);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [unreadFromOther, otherId, markRead]);

  const pages = query.data?.pages.length ?? 0;
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    }
  }, [pages]);
  useLayoutEffect(() => {
    const el = box.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [newestId]);

  const loadOlder = () => {
    if (!query.hasNextPage || query.isFetchingNextPage || !box.current) return;
    heightBeforeOlder.current = box.current.scrollHeight;
    void query.fetchNextPage();
  };
  useEffect(() => {
    const el = top.current;
    if (!el || !box.current || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadOlder(), { root: box.current });
    observer.observe(el);
    return () => observer.disconnect();
  });

  let body: React.ReactNode;
  if (query.isPending) body = <LoadingState label={t('loadingMessages')} />;
  else if (query.isError && !messages.length) body = <ErrorState message={t('loadFailed')} onRetry={() => void query.refetch()} />;
  else if (!messages.length) body = <EmptyState message={t('noMessages')} />;
  else
    body = (
      <>
        {query.hasNextPage && (
          <Center ref={top}>
            <Button
              variant="subtle"
              size="xs"
              onClick={loadOlder}
              disabled={query.isFetchingNextPage}
              leftSection={query.isFetchingNextPage ? <Loader size={12} aria-hidden /> : undefined}
            >
              {query.isFetchingNextPage ? t('loadingMore') : t('loadOlder')}
            </Button>
          </Center>
        )}
        {messages.map((m) => (
          <Bubble key={m.id} message={m} mine={m.senderId === me} />
        ))}
      </>
    );

  return (
    <div
      ref={box}
      className={classes.messages}
      role="log"
      aria-label={t('messagesLabel')}
      aria-live="polite"
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      }}
    >
      {body}
    </div>
  );
}
