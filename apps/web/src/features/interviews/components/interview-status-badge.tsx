import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { GREEN, RED } from './colors';

/**
 * Spec: green confirmed, red declined, yellow anything else. Dark green and red carry white text;
 * the yellow is light and carries dark text (autoContrast), so every badge passes WCAG AA.
 */
export function InterviewStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('interviews');
  const color = status === 'confirmed' ? GREEN : status === 'declined' ? RED : 'yellow.4';
  return (
    <Badge color={color} autoContrast variant="filled" size="lg" radius="sm" tt="none" style={{ flexShrink: 0 }}>
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
