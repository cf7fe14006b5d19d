import { Button, Text, type ButtonProps } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../lib/use-translation';
import { api } from '../lib/api-client';
import { useErrorText } from '../lib/errors';
import { untilHydrated, useHydrated } from '../lib/hydrated';
import { toast } from './toast';

type BlockState = { userId: string; blocked: boolean };
/** Cache keys of blocks, shared by this button and the Blocked people screen. */
export const blockKeys = { all: ['blocks'] as const, one: (userId: string) => ['blocks', 'one', userId] as const };

/**
 * Block / Unblock one person (on a profile and in a conversation). Blocking asks first; the blocked
 * person is not told. Every list the blocker sees changes, so every cached list is refetched.
 */
export function BlockButton({ userId, name, onBlocked, ...button }: { userId: string; name: string; onBlocked?: () => void } & ButtonProps) {
  const { t } = useTranslation('moderation');
  const hydrated = useHydrated();
  const errorText = useErrorText();
  const qc = useQueryClient();
  const state = useQuery({ queryKey: blockKeys.one(userId), queryFn: () => api<BlockState>(`/api/blocks/${encodeURIComponent(userId)}`) });
  const change = useMutation({
    mutationFn: (block: boolean) =>
      block
        ? api<BlockState>('/api/blocks', { method: 'POST', body: { userId } })
        : api<BlockState>(`/api/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: (result) => {
      qc.setQueryData(blockKeys.one(userId), result);
      void qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
      toast(result.blocked ? t('blocks.blockedToast', { name }) : t('blocks.unblockedToast', { name }));
      if (result.blocked) onBlocked?.();
    },
    onError: (err) => toast(errorText(err, t('blocks.failed')), 'error'),
  });
  const blocked = state.data?.blocked ?? false;
  const confirm = () =>
    modals.openConfirmModal({
      title: t('blocks.confirmTitle', { name }),
      centered: true,
      closeButtonProps: { 'aria-label': t('dialog.cancel') },
      children: <Text size="sm">{t('blocks.confirmBody')}</Text>,
      labels: { confirm: t('blocks.block'), cancel: t('dialog.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => change.mutate(true),
    });
  return (
    <Button
      variant="subtle"
      color={blocked ? 'gray' : 'red'}
      size="xs"
      {...button}
      {...untilHydrated(hydrated && !state.isPending)}
      loading={change.isPending}
      onClick={() => (blocked ? change.mutate(false) : confirm())}
    >
      {blocked ? t('blocks.unblock') : t('blocks.block')}
    </Button>
  );
}
