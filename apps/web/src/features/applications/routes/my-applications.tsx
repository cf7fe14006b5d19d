import '@mantine/core/styles/List.css';
import { Alert, Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
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
import { useWithdrawApplication } from '../api/withdraw-application';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/errors';
import { untilHydrated, useHydrated } from '../../../lib/hydrated';

/** Applied, viewed, interview, status changes, withdrawn: the four statuses' words only, never a stage. */
function Timeline({ application, title }: { application: MyApplication; title: string }) {
  const { t, i18n } = useTranslation('applications');
  return (
    <List component="ol" size="sm" mt="sm" spacing={2} aria-label={t('mine.timeline', { title })} className={classes.timeline}>
      {application.timeline.map((e, i) => (
        <List.Item key={i}>
          <time dateTime={e.at}>{formatDate(e.at, i18n.language)}</time>
          {' — '}
          {e.kind === 'status' && e.status ? t('mine.event.status', { status: t(`status.${e.status}`) }) : t(`mine.event.${e.kind}`)}
        </List.Item>
      ))}
    </List>
  );
}

/** Withdraw, after a confirmation that says what it does (the team sees it; interviews are cancelled). */
function WithdrawButton({ application, title }: { application: MyApplication; title: string }) {
  const { t } = useTranslation('applications');
  const hydrated = useHydrated();
  const errorText = useErrorText();
  const withdraw = useWithdrawApplication();
  const confirm = () =>
    modals.openConfirmModal({
      title: t('mine.withdrawTitle', { title }),
      centered: true,
      closeButtonProps: { 'aria-label': t('mine.cancel') },
      children: <Text size="sm">{t('mine.withdrawBody')}</Text>,
      labels: { confirm: t('mine.withdrawConfirm'), cancel: t('mine.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        withdraw.mutate(application.id, {
          onSuccess: () => toast(t('mine.withdrawn')),
          onError: (err) => toast(errorText(err, t('mine.withdrawFailed')), 'error'),
        }),
    });
  return (
    <Button variant="subtle" color="red" size="xs" {...untilHydrated(hydrated)} loading={withdraw.isPending} onClick={confirm}>
      {t('mine.withdraw')}
    </Button>
  );
}

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
      <Timeline application={application} title={job?.title ?? t('mine.jobRemoved')} />
      <Group justify="space-between" mt="sm" gap="xs">
        <Text size="xs" c="dimmed">
          <time dateTime={application.createdAt}>{t('mine.appliedOn', { date: formatDate(application.createdAt, i18n.language) })}</time>
        </Text>
        <Group gap="sm">
          {application.status !== 'Withdrawn' && <WithdrawButton application={application} title={job?.title ?? t('mine.jobRemoved')} />}
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
