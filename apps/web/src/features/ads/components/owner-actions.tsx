import { Button, Group } from '@mantine/core';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useDeleteAd } from '../api/delete-ad';
import { confirmDeleteAd } from './confirm-delete';

/** Edit and Delete, shown only to the ad's owner (the server refuses anyone else anyway). */
export function OwnerActions({ id, title, size = 'xs', onDeleted }: { id: string; title: string; size?: 'xs' | 'sm' | 'md'; onDeleted?: () => void }) {
  const { t } = useTranslation('ads');
  const errorText = useErrorText();
  const del = useDeleteAd();
  const remove = async () => {
    if (!(await confirmDeleteAd(title))) return;
    del.mutate(id, {
      onSuccess: () => {
        toast(t('deleted'));
        onDeleted?.();
      },
      onError: (err) => toast(errorText(err, t('deleteFailed')), 'error', t('deleteFailed')),
    });
  };
  return (
    <Group gap="xs">
      <Button component={Link} to={paths.editAd.to(id)} variant="light" size={size} aria-label={t('editLabel', { title })}>
        {t('edit')}
      </Button>
      <Button variant="light" color="red" size={size} onClick={() => void remove()} disabled={del.isPending} aria-label={t('deleteLabel', { title })}>
        {del.isPending ? t('deleting') : t('delete')}
      </Button>
    </Group>
  );
}
