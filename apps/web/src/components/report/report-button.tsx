import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import type { ReportItemType } from '@caribconnect/shared';
import { untilHydrated, useHydrated } from '../../lib/hydrated';
import { withRetries } from '../../lib/retry';
import { PlainButton, PlainText, type PlainButtonProps } from '../plain-mantine';

/**
 * "Report" on a job, ad, consultant card, profile or message. Shown to signed-in people other than
 * the owner (the caller decides). Only the button is in the page's code: the dialog, its form and the
 * dialog machinery load on first press, so public pages carry none of it.
 */
export function ReportButton({
  itemType,
  itemId,
  labelKey = 'report',
  ...button
}: { itemType: ReportItemType; itemId: string; labelKey?: 'report' | 'reportConsultant' | 'reportMessage' } & Pick<
  PlainButtonProps,
  'size' | 'variant' | 'aria-label'
>) {
  const { t } = useTranslation('moderation');
  const hydrated = useHydrated();
  const [failed, setFailed] = useState(false);
  const open = async () => {
    try {
      const { openReportDialog } = await withRetries(() => import('./report-dialog'));
      setFailed(false);
      openReportDialog(itemType, itemId, t(`dialog.title`, { item: t(`items.${itemType}`) }), t('dialog.cancel'));
    } catch {
      setFailed(true);
    }
  };
  return (
    <>
      <PlainButton variant="subtle" color="gray" size="xs" {...button} {...untilHydrated(hydrated)} onClick={() => void open()}>
        {t(labelKey)}
      </PlainButton>
      {failed && (
        <PlainText component="span" size="xs" color="red.8" role="alert">
          {t('dialog.unavailable')}
        </PlainText>
      )}
    </>
  );
}
