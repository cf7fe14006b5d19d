import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { Interview } from '@caribconnect/shared';
import { formatDate } from '../../../lib/format-date';
import { InterviewStatusBadge } from './interview-status-badge';
import classes from './interviews.module.css';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.row}>
      <Text component="dt" size="sm" fw={600}>
        {label}
      </Text>
      <Text component="dd" size="sm" className={classes.value}>
        {children}
      </Text>
    </div>
  );
}

/**
 * One interview: 'Interview for' its job ('Untitled Job' if none), the date in the reader's
 * language and time zone, the location ('TBA' if none), notes when there are some, the status as a badge.
 */
export function InterviewCard({ interview, person, actions }: { interview: Interview; person?: { label: string; name: string }; actions?: ReactNode }) {
  const { t, i18n } = useTranslation('interviews');
  const title = interview.jobTitle?.trim() || t('card.untitledJob');
  return (
    <Card component="article" withBorder padding="md" aria-label={t('card.labelFor', { title })}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Title order={2} size="h4" className={classes.title}>
          {t('card.interviewFor')} {title}
        </Title>
        <InterviewStatusBadge status={interview.status} />
      </Group>
      <Stack component="dl" gap={4} mt="sm" className={classes.list}>
        {person && <Row label={person.label}>{person.name}</Row>}
        <Row label={t('card.date')}>
          <time dateTime={interview.interviewTime}>{formatDate(interview.interviewTime, i18n.language, true)}</time>
        </Row>
        <Row label={t('card.location')}>{interview.location.trim() || t('card.tba')}</Row>
        {interview.notes.trim() && <Row label={t('card.notes')}>{interview.notes}</Row>}
      </Stack>
      {actions && (
        <Group gap="xs" mt="md">
          {actions}
        </Group>
      )}
    </Card>
  );
}
