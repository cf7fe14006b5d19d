import { Button, type ButtonProps } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { ReportItemType } from '@caribconnect/shared';
import { untilHydrated, useHydrated } from '../../lib/hydrated';
import { withRetries } from '../../lib/retry';
import { toast } from '../toast';
import { useErrorText } from '../../lib/errors';

/**
 * "Report" on a job, ad, consultant card, profile or message. Shown to signed-in people other than
 * the owner (the caller decides). The dialog's form loads on first press: it is not in any screen's
 * first download.
 */
export function ReportButton({
  itemType,
  itemId,
  labelKey = 'report',
  ...button
}: { itemType: ReportItemType; itemId: string; labelKey?: 'report' | 'reportConsultant' | 'reportMessage' } & ButtonProps) {
  const { t } = useTranslation('moderation');
  const hydrated = useHydrated();
  const errorText = useErrorText();
  const open = async () => {
    try {
      const { ReportForm } = await withRetries(() => import('./report-form'));
      const id = `report-${itemType}-${itemId}`;
      modals.open({
        modalId: id,
        title: t('dialog.title', { item: t(`items.${itemType}`) }),
        centered: true,
        closeButtonProps: { 'aria-label': t('dialog.cancel') },
        children: <ReportForm itemType={itemType} itemId={itemId} onDone={() => modals.close(id)} />,
      });
    } catch (err) {
      toast(errorText(err, t('dialog.failed')), 'error');
    }
  };
  return (
    <Button variant="subtle" color="gray" size="xs" {...button} {...untilHydrated(hydrated)} onClick={() => void open()}>
      {t(labelKey)}
    </Button>
  );
}
