import { Badge, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useRef } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { ModerationAction, ModerationItem } from '@caribconnect/shared';
import { PagedList } from '../../../components/paged-list';
import { EmptyState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/errors';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { useModerate, useModerationQueue, type ModerationStatus } from '../api/moderation';
import { wrapAnywhere } from './admin-table';

/** Where the reported item lives, for the admin to look at it (the admin sees hidden and removed items). */
function itemLink(item: ModerationItem): string | null {
  switch (item.itemType) {
    case 'job':
      return paths.job.to(item.itemId);
    case 'ad':
      return paths.ad.to(item.itemId);
    case 'profile':
    case 'consultant':
      return paths.profile.to(item.itemId);
    case 'company':
      return item.slug ? paths.company.to(item.slug) : null;
    case 'message':
      return null;
  }
}

/** Remove, warn and suspend tell the owner why: the admin may write it (sent in the email). */
const WITH_MESSAGE: ModerationAction[] = ['remove', 'warn', 'suspend'];

function ItemCard({ item }: { item: ModerationItem }) {
  const { t, i18n } = useTranslation('moderation');
  const errorText = useErrorText();
  const moderate = useModerate();
  const message = useRef('');
  const label = item.label || t('queue.gone');
  const link = itemLink(item);
  // A company is suspended (as /admin/companies does), never removed; its owner's account is left alone.
  const company = item.itemType === 'company';
  const key = (action: ModerationAction) => (company && action === 'suspend' ? 'suspendCompany' : action);

  const act = (action: ModerationAction) => {
    message.current = '';
    modals.openConfirmModal({
      title: t(`queue.confirm.${key(action)}`, { item: label }),
      centered: true,
      closeButtonProps: { 'aria-label': t('dialog.cancel') },
      children: (
        <Stack gap="sm">
          <Text size="sm">{t(`queue.explain.${key(action)}`, { owner: item.ownerEmail })}</Text>
          {WITH_MESSAGE.includes(action) && (
            <Textarea label={t('queue.message')} maxLength={1000} autosize minRows={2} onChange={(e) => (message.current = e.currentTarget.value)} />
          )}
        </Stack>
      ),
      labels: { confirm: t(`queue.actions.${key(action)}`), cancel: t('dialog.cancel') },
      confirmProps: action === 'dismiss' || action === 'restore' ? {} : { color: 'red' },
      onConfirm: () =>
        moderate.mutate(
          { item, action, message: message.current.trim() },
          {
            onSuccess: () => toast(t(`queue.done.${key(action)}`, { item: label })),
            onError: (err) => toast(errorText(err, t('queue.actionFailed')), 'error'),
          },
        ),
    });
  };

  return (
    <Paper withBorder p="md" component="article" aria-labelledby={`mod-${item.itemType}-${item.itemId}`}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" tt="capitalize">
            {t(`items.${item.itemType}`)}
          </Badge>
          {item.hold && (
            <Badge color={item.hold === 'removed' ? 'red.9' : 'dark'} variant="outline" tt="none">
              {t(`queue.hold.${item.hold}`)}
            </Badge>
          )}
          <Text size="sm" c="dimmed">
            {t('queue.reportCount', { count: item.reports.length })}
          </Text>
        </Group>
        <Title order={3} size="h5" id={`mod-${item.itemType}-${item.itemId}`} style={wrapAnywhere}>
          {link ? (
            <Link to={link} target="_blank" rel="noopener">
              {label}
            </Link>
          ) : (
            label
          )}
        </Title>
        <Text size="sm" style={wrapAnywhere}>
          {t('queue.owner', { name: item.ownerName || '—', email: item.ownerEmail })}
        </Text>
        <Stack gap={4} component="ul" m={0} pl="md">
          {item.reports.map((r, i) => (
            <Text component="li" size="sm" key={i} style={wrapAnywhere}>
              <strong>{t(`reasons.${r.reason}`)}</strong>
              {' · '}
              <time dateTime={r.createdAt}>{formatDate(r.createdAt, i18n.language, true)}</time>
              {r.note && (
                <Text span size="sm" display="block" style={{ whiteSpace: 'pre-wrap' }}>
                  {r.note}
                </Text>
              )}
            </Text>
          ))}
        </Stack>
        <Group gap="xs" wrap="wrap" mt="xs">
          {item.hold === 'removed' ? (
            <Button size="xs" variant="default" onClick={() => act('restore')} disabled={moderate.isPending}>
              {t('queue.actions.restore')}
            </Button>
          ) : (
            <>
              <Button size="xs" variant="default" onClick={() => act('dismiss')} disabled={moderate.isPending}>
                {t('queue.actions.dismiss')}
              </Button>
              {!company && (
                <Button size="xs" variant="light" color="red" onClick={() => act('remove')} disabled={moderate.isPending}>
                  {t('queue.actions.remove')}
                </Button>
              )}
            </>
          )}
          <Button size="xs" variant="light" onClick={() => act('warn')} disabled={moderate.isPending}>
            {t('queue.actions.warn')}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => act('suspend')} disabled={moderate.isPending}>
            {t(`queue.actions.${key('suspend')}`)}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The moderation queue: reported items, grouped, newest report first; or the removed ones, to restore. */
export function ModerationQueue({ status }: { status: ModerationStatus }) {
  const { t } = useTranslation('moderation');
  const query = useModerationQueue(status);
  return (
    <PagedList
      query={query}
      autoLoad={false}
      labels={{ loading: t('queue.loading'), failed: t('queue.loadFailed'), loadMore: t('queue.loadMore'), loadingMore: t('queue.loadingMore') }}
      empty={<EmptyState message={status === 'open' ? t('queue.empty') : t('queue.emptyRemoved')} />}
    >
      {(items) => (
        <Stack gap="md">
          {items.map((item) => (
            <ItemCard key={`${item.itemType}:${item.itemId}`} item={item} />
          ))}
        </Stack>
      )}
    </PagedList>
  );
}
