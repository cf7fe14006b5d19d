import { Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { UpcomingInterviewsCount } from '@caribconnect/shared';
import { api } from '../lib/api-client';

/**
 * The line of a delete confirmation that says how many upcoming interviews the deletion will cancel
 * (each applicant is emailed a cancellation). `url` is the job's or the user's
 * `…/upcoming-interviews`; nothing is said when there are none or the count cannot be read (the
 * server cancels them either way).
 */
export function InterviewsToCancel({ url, text, checking }: { url: string; text: (count: number) => string; checking: string }) {
  const query = useQuery({
    queryKey: ['interviews-to-cancel', url],
    queryFn: ({ signal }) => api<UpcomingInterviewsCount>(url, { signal }),
    staleTime: 0,
    retry: false,
  });
  if (query.isPending) return <Loader size="xs" mt="xs" aria-label={checking} />;
  if (!query.data?.count) return null;
  return (
    <Text size="sm" fw={600} mt="xs">
      {text(query.data.count)}
    </Text>
  );
}
