import { useEffect } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Message } from '@caribconnect/shared';
import { queryClient } from '../../../lib/query-client';
import { withMessage, withRead, type ChatData } from './get-chat';
import { messageKeys } from './keys';

/**
 * One EventSource per tab, however many components listen (the badge is drawn twice: bar and
 * drawer). The browser reconnects by itself and sends Last-Event-ID; when it gives up (an error
 * answer, a long time offline) we open a new one with ?since= the last id we saw, so the server
 * replays what was missed either way.
 */
let source: EventSource | null = null;
let owner: string | null = null;
let listeners = 0;
let lastId: string | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let retryDelay = 1000;
/** Whether this page already had a stream: a later one that cannot resume must reload instead. */
let connectedBefore = false;

function apply(qc: QueryClient, me: string, type: string, data: unknown) {
  if (type === 'message') {
    const { message } = data as { message: Message };
    const otherId = message.senderId === me ? message.recipientId : message.senderId;
    qc.setQueryData<ChatData>(messageKeys.chat(otherId), (d) => withMessage(d, message));
  } else if (type === 'read') {
    const { readerId, senderId } = data as { readerId: string; senderId: string };
    // I read on another tab (their messages to me), or they read mine.
    if (readerId === me) qc.setQueryData<ChatData>(messageKeys.chat(senderId), (d) => withRead(d, senderId));
    else qc.setQueryData<ChatData>(messageKeys.chat(readerId), (d) => withRead(d, me));
  } else if (type === 'conversation-deleted') {
    qc.removeQueries({ queryKey: messageKeys.chat((data as { otherId: string }).otherId) });
  } else if (type === 'message-moderated') {
    // A message from them was held back or given back: the chat shows it or not; the badge and
    // the list follow below, as for a new message.
    void qc.invalidateQueries({ queryKey: messageKeys.chat((data as { otherId: string }).otherId) });
  } else if (type === 'reset') {
    // Too much was missed to replay: reload everything this feature shows.
    void qc.invalidateQueries({ queryKey: messageKeys.all });
    return;
  }
  void qc.invalidateQueries({ queryKey: messageKeys.conversations() });
  void qc.invalidateQueries({ queryKey: messageKeys.unread() });
}

const OWN_TYPES = ['ready', 'message', 'read', 'conversation-deleted', 'message-moderated', 'reset'];
/** Other features' events on this stream (the notifications bell): their type and handlers. */
const extra = new Map<string, Set<(data: unknown) => void>>();

/**
 * Hears one type of event on this tab's stream (also 'reset', and 'ready' when a dropped stream could
 * not resume). The stream itself is kept open by useMessageStream. Returns the way to stop.
 */
export function addStreamListener(type: string, handler: (data: unknown) => void): () => void {
  let set = extra.get(type);
  if (!set) {
    extra.set(type, (set = new Set()));
    if (source && !OWN_TYPES.includes(type)) listen(source, type);
  }
  set.add(handler);
  return () => set.delete(handler);
}

function tellOthers(type: string, data: unknown) {
  for (const handler of extra.get(type) ?? []) handler(data);
}

let listen: (es: EventSource, type: string) => void = () => {};

function connect(me: string) {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  const resumeFrom = lastId;
  const es = new EventSource(resumeFrom ? `/api/messages/stream?since=${encodeURIComponent(resumeFrom)}` : '/api/messages/stream');
  source = es;
  // Dropped before its first event, the previous stream left no position to resume from: what
  // happened meanwhile can only be learnt by reloading.
  const mustReload = connectedBefore && !resumeFrom;
  connectedBefore = true;
  listen = (target, type) =>
    target.addEventListener(type, (event) => {
      const e = event as MessageEvent<string>;
      if (e.lastEventId) lastId = e.lastEventId;
      if (type === 'ready') {
        retryDelay = 1000;
        if (mustReload) {
          void queryClient.invalidateQueries({ queryKey: messageKeys.all });
          tellOthers('ready', {});
        }
        return;
      }
      try {
        const data: unknown = JSON.parse(e.data);
        if (OWN_TYPES.includes(type)) apply(queryClient, me, type, data);
        tellOthers(type, data);
      } catch {
        void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      }
    });
  for (const type of new Set([...OWN_TYPES, ...extra.keys()])) listen(es, type);
  es.onerror = () => {
    if (es.readyState !== EventSource.CLOSED || source !== es) return;
    // The browser gave up on this one; try again, less often each time.
    retryTimer = setTimeout(() => source === es && connect(me), retryDelay);
    retryDelay = Math.min(retryDelay * 2, 30_000);
  };
}

/**
 * A phone that loses its network keeps a dead connection open for minutes without noticing; when
 * the browser says it went offline we drop it ourselves, and reconnect (with ?since=) once it is back.
 */
function dropWhileOffline() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
}

function reconnectNow() {
  if (owner && (!source || source.readyState === EventSource.CLOSED)) connect(owner);
}

function disconnect() {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  source?.close();
  source = null;
  owner = null;
  lastId = null;
  connectedBefore = false;
  window.removeEventListener('online', reconnectNow);
  window.removeEventListener('offline', dropWhileOffline);
}

/** Keeps this tab's message stream open while any component needs it (pass the signed-in user's id). */
export function useMessageStream(userId: string | undefined) {
  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    if (owner !== userId) {
      disconnect();
      owner = userId;
      connect(userId);
      window.addEventListener('online', reconnectNow);
      window.addEventListener('offline', dropWhileOffline);
    }
    listeners++;
    return () => {
      listeners--;
      // Let a re-render that unmounts and mounts in one go keep the same connection.
      setTimeout(() => listeners === 0 && disconnect(), 0);
    };
  }, [userId]);
}
