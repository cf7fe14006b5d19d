import { Anchor, Badge, Card, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { JobSummary } from '@caribconnect/shared';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import classes from './jobs.module.css';

/** One job in the list. The whole card is clickable through the title link's stretched hit area. */
export function JobCard({ job }: { job: JobSummary }) {
  const { t, i18n } = useTranslation('jobs');
  return (
    <Card component="article" withBorder padding="md" className={classes.card}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Title order={2} size="h4" className={classes.cardTitle}>
          <Anchor component={Link} to={paths.job.to(job.id)} className={classes.stretched} c="inherit" fw={700} fz="inherit" underline="hover">
            {job.title}
          </Anchor>
        </Title>
        {job.category && (
          <Badge variant="light" color="ocean" tt="none" className={classes.badge}>
            {job.category}
          </Badge>
        )}
      </Group>
      <Text size="sm" fw={500} mt={4}>
        {[job.company, job.country].filter(Boolean).join(' · ')}
      </Text>
      <Text size="sm" lineClamp={2} mt="xs" className={classes.description}>
        {job.description}
      </Text>
      <Group justify="space-between" mt="sm" gap="xs">
        {job.salary ? (
          <Text size="sm" fw={600} c="ocean.9">
            {job.salary}
          </Text>
        ) : (
          <span />
        )}
        <Text size="xs" c="dimmed">
          <time dateTime={job.createdAt}>{t('postedOn', { date: formatDate(job.createdAt, i18n.language) })}</time>
        </Text>
      </Group>
    </Card>
  );
}
