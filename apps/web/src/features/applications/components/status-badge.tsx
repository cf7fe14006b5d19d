import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import type { ApplicantStatus } from '@caribconnect/shared';
import classes from './applications.module.css';

/** Dark shades only: white text on each passes WCAG AA (Mantine's yellow.9 does not, hence the amber). */
export const STATUS_COLORS: Record<ApplicantStatus, string> = {
  Pending: '#8f5b00',
  Reviewed: 'blue.9',
  Shortlisted: 'teal.9',
  Rejected: 'red.9',
  Withdrawn: 'gray.8',
};

export function StatusBadge({ status }: { status: ApplicantStatus }) {
  const { t } = useTranslation('applications');
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray.8'} variant="filled" size="lg" radius="sm" tt="none" className={classes.badge}>
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
