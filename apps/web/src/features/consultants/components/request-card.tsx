import { Anchor, Card, Group, Text } from '@mantine/core';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { ClientRequest } from '@caribconnect/shared';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import classes from './consultants.module.css';

/** One client request: who asked, how to reach them, the message and when. */
export function RequestCard({ request: r, showConsultant }: { request: ClientRequest; showConsultant?: boolean }) {
  const { t, i18n } = useTranslation('consultants');
  const when = formatDate(r.createdAt, i18n.language, true);
  return (
    <Card component="article" withBorder padding="md" aria-label={r.fullName}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text fw={700}>{r.fullName}</Text>
        <Text size="xs" c="dimmed">
          <time dateTime={r.createdAt}>{showConsultant ? t('requests.submitted', { date: when }) : t('requests.sent', { date: when })}</time>
        </Text>
      </Group>
      {showConsultant && (
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to={paths.profile.to(r.consultantId)} inherit>
            {t('requests.to', { name: r.consultantName || r.consultantId })}
          </Anchor>
        </Text>
      )}
      <dl className={classes.facts}>
        <div>
          <dt>{t('requests.email')}</dt>
          <dd>
            <Anchor href={`mailto:${r.email}`} inherit>
              {r.email}
            </Anchor>
          </dd>
        </div>
        {r.phone && (
          <div>
            <dt>{t('requests.phone')}</dt>
            <dd>
              <Anchor href={`tel:${r.phone}`} inherit>
                {r.phone}
              </Anchor>
            </dd>
          </div>
        )}
      </dl>
      <Text mt="xs" className={classes.message}>
        {r.message}
      </Text>
    </Card>
  );
}
