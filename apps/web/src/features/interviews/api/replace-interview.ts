import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Interview } from '@caribconnect/shared';
import type { InterviewPage } from './list-interviews';

/** Puts the server's copy of one interview into a cached list, in place. */
export function replaceInterview(qc: QueryClient, key: readonly unknown[], saved: Interview) {
  qc.setQueryData<InfiniteData<InterviewPage, string | null>>(
    key,
    (data) => data && { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((i) => (i.id === saved.id ? saved : i)) })) },
  );
}
