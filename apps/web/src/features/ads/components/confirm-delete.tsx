import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18n from '../../../lib/i18n';

/** Asks before deleting (an accessible dialog: focus trapped, Escape cancels); resolves to the answer. */
export function confirmDeleteAd(title: string): Promise<boolean> {
  const t = i18n.getFixedT(null, 'ads');
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: t('confirmTitle'),
      centered: true,
      // Mantine leaves the close button unnamed (axe: button-name).
      closeButtonProps: { 'aria-label': i18n.t('close') },
      children: <Text size="sm">{t('confirmBody', { title })}</Text>,
      labels: { confirm: t('confirmDelete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
