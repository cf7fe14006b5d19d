import { modals } from '@mantine/modals';
import type { ReportItemType } from '@caribconnect/shared';
import { ReportForm } from './report-form';

/** Opens the report dialog (Mantine's modal: focus trapped inside, Escape and Cancel close it). */
export function openReportDialog(itemType: ReportItemType, itemId: string, title: string, closeLabel: string) {
  const id = `report-${itemType}-${itemId}`;
  modals.open({
    modalId: id,
    title,
    centered: true,
    closeButtonProps: { 'aria-label': closeLabel },
    children: <ReportForm itemType={itemType} itemId={itemId} onDone={() => modals.close(id)} />,
  });
}
