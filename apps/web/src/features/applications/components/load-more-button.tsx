import { Button, Center, Loader } from '@mantine/core';

/** The end of a paged list: one more page when pressed. */
export function LoadMoreButton({ hasNextPage, isFetchingNextPage, fetchNextPage, label, loadingLabel }: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown; label: string; loadingLabel: string }) {
  if (!hasNextPage) return null;
  return (
    <Center py="md">
      <Button variant="light" onClick={() => fetchNextPage()} disabled={isFetchingNextPage} leftSection={isFetchingNextPage ? <Loader size={14} color="gray" aria-hidden /> : undefined}>
        {isFetchingNextPage ? loadingLabel : label}
      </Button>
    </Center>
  );
}
