import type { Query } from '@tanstack/react-query';
import type { Resume } from '@caribconnect/shared';

/** How often a resume whose PDF is still being drawn is asked for again: drawing takes a second or two. */
const PENDING_POLL_MS = 2000;

/** `refetchInterval` of a resume query: poll only while its PDF is pending, stop once it is ready. */
export const pollWhilePdfPending = <T extends Resume | null>(query: Query<T, Error, T, readonly unknown[]>) =>
  query.state.data?.documentStatus === 'pending' ? PENDING_POLL_MS : false;
