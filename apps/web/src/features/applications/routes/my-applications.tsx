import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { MyApplication } from '@caribconnect/shared';
import { RequireUser } from '../../../components/require-user';
import { Page } from '../../../components/page';
import { EmptyState } from '../../../components/states';
import { PagedList } from '../../../components/paged-list';
import { paths } from '../../../lib/paths';
import { useMyApplications } from '../api/get-my-applications';
import { formatDate } from '../../../lib/format-date';
import { useCountryName } from '../../../lib/country-name';
import { StatusBadge } from '../components/status-badge';
import classes from '../components/applications.module.css';

function ApplicationCard({ application }: { application: MyApplication }) {
  const { t, i18n } = useTranslation('applications');
  const countryName = useCountryName();
  const { job } = application;
  return (
    <Card component="article" withBorder padding="md">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div className={classes.title}>
          <Title order={2} size="h4">
            {job ? (
              <Anchor component={Link} to={paths.job.to(application.jobId)} c="inherit" fw={700} fz="inherit" underline="hover">
                {job.title}
              </Anchor>
            ) : (
              t('mine.jobRemoved')
            )}
          </Title>
          {job && (
            <Text size="sm" mt={4}>
              {[job.company, countryName(job.country)].filter(Boolean).join(' · ')}
            </Text>
          )}
        </div>
        <StatusBadge status={application.status} />
      </Group>
      <Group justify="space-between" mt="sm" gap="xs">
        <Text size="xs" c="dimmed">
          <time dateTime={application.createdAt}>{t('mine.appliedOn', { date: formatDate(application.createdAt, i18n.language) })}</time>
        </Text>
        <Group gap="sm">
          {application.resumeUrl && (
            <Anchor href={application.resumeUrl} download size="sm">
              {t('mine.yourResume')}
            </Anchor>
          )}
          {application.coverLetterUrl && (
            <Anchor href={application.coverLetterUrl} download size="sm">
              {t('mine.yourCoverLetter')}
            </Anchor>
          )}
        </Group>
      </Group>
    </Card>
  );
}

/** /my-applications and /applications: the job seeker's applications, newest first. */
export default function MyApplicationsScreen() {
  const { t } = useTranslation('applications');
  // Applied before the scripts ran: the server's answer comes here with ?submitted=1, and the page
  // says what the script's toast says.
  const [params] = useSearchParams();
  return (
    <Page title={t('mine.title')}>
      {params.get('submitted') === '1' && (
        <Alert color="green" role="status" mb="md">
          {t('apply.submitted')}
        </Alert>
      )}
      <RequireUser signedOut={t('mine.mustLogIn')}>{() => <MyApplications />}</RequireUser>
    </Page>
  );
}

function MyApplications() {
  const { t } = useTranslation('applications');
  const query = useMyApplications(true);
  return (
    <PagedList
      query={query}
      labels={{ loading: t('mine.loading'), failed: t('mine.loadFailed'), loadMore: t('loadMore'), loadingMore: t('loadingMore') }}
      // Older applications load when asked for, not by scrolling.
      autoLoad={false}
      empty={
        <EmptyState message={t('mine.empty')}>
          <Button component={Link} to={paths.jobs.to()} variant="light">
            {t('mine.browseJobs')}
          </Button>
        </EmptyState>
      }
    >
      {(items) => (
        <Stack gap="sm">
          {items.map((a) => (
            <ApplicationCard key={a.id} application={a} />
          ))}
        </Stack>
      )}
    </PagedList>
  );
}
