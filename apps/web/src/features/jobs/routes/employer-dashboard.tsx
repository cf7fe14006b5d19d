import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { JobSummary } from '@caribconnect/shared';
import { Notice } from '../../../components/notice';
import { Page } from '../../../components/page';
import { toast } from '../../../components/toast';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useMe } from '../../../lib/session';
import { useDeleteJob } from '../api/delete-job';
import { useMyJobs } from '../api/get-my-jobs';
import { formatDate } from '../../../lib/format-date';
import { LoadMore } from '../../../components/load-more';
import classes from '../components/jobs.module.css';

function MyJobCard({ job, onDelete, deleting }: { job: JobSummary; onDelete: () => void; deleting: boolean }) {
  const { t, i18n } = useTranslation('jobs');
  return (
    <Card component="article" withBorder padding="md">
      <Title order={2} size="h4" className={classes.cardTitle}>
        <Anchor component={Link} to={`/jobs/${job.id}`} c="inherit" fw={700} fz="inherit" underline="hover">
          {job.title}
        </Anchor>
      </Title>
      <Text size="sm" mt={4}>
        {[job.company, job.country, job.category].filter(Boolean).join(' · ')}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        <time dateTime={job.createdAt}>{t('postedOn', { date: formatDate(job.createdAt, i18n.language) })}</time>
      </Text>
      <Group gap="xs" mt="sm">
        <Button component={Link} to={`/post-job?edit=${job.id}`} variant="light" size="xs" aria-label={t('dashboard.editLabel', { title: job.title })}>
          {t('dashboard.edit')}
        </Button>
        <Button variant="light" color="red" size="xs" onClick={onDelete} disabled={deleting} aria-label={t('dashboard.deleteLabel', { title: job.title })}>
          {t('dashboard.delete')}
        </Button>
        <Button component={Link} to={`/employer/applicants/${job.id}`} size="xs" aria-label={t('dashboard.viewApplicantsLabel', { title: job.title })}>
          {t('dashboard.viewApplicants')}
        </Button>
      </Group>
    </Card>
  );
}

/** 'Your Job Listings' at /employer/dashboard and /employer-dashboard. */
export default function EmployerDashboardScreen() {
  const { t } = useTranslation('jobs');
  const { user, isLoading } = useMe();
  const isEmployer = user?.role === 'employer';
  const query = useMyJobs(isEmployer);
  const del = useDeleteJob();
  const jobs = query.data?.pages.flatMap((p) => p.items) ?? [];

  const confirmDelete = (job: JobSummary) =>
    modals.openConfirmModal({
      title: t('dashboard.confirmTitle'),
      centered: true,
      children: <Text size="sm">{t('dashboard.confirmBody', { title: job.title })}</Text>,
      labels: { confirm: t('dashboard.confirmDelete'), cancel: t('dashboard.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        del.mutate(job.id, {
          onSuccess: () => toast(t('dashboard.deleted')),
          onError: () => toast(t('dashboard.deleteFailed'), 'error'),
        }),
    });

  let body: React.ReactNode;
  if (isLoading || (isEmployer && query.isPending)) body = <LoadingState label={t('dashboard.loading')} />;
  else if (!user)
    body = (
      <Notice title={t('dashboard.mustLogIn')} action={{ to: '/login', label: t('dashboard.logIn') }} />
    );
  else if (!isEmployer) body = <Notice title={t('dashboard.onlyEmployers')} />;
  else if (query.isError && !jobs.length) body = <ErrorState message={t('dashboard.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (!jobs.length)
    body = (
      <EmptyState message={t('dashboard.empty')}>
        <Button component={Link} to="/post-job">
          {t('dashboard.postJob')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <>
        <Stack gap="sm">
          {jobs.map((job) => (
            <MyJobCard key={job.id} job={job} onDelete={() => confirmDelete(job)} deleting={del.isPending && del.variables === job.id} />
          ))}
        </Stack>
        <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} label={t('loadMore')} loadingLabel={t('loadingMore')} auto={false} />
      </>
    );

  return (
    <Page title={t('dashboard.title')}>
      <Group gap="xs" mb="lg">
        <Button component={Link} to="/profile" variant="default">
          {t('dashboard.myProfile')}
        </Button>
        <Button component={Link} to="/schedule-interview" variant="default">
          {t('dashboard.scheduleInterview')}
        </Button>
        {isEmployer && (
          <Button component={Link} to="/post-job">
            {t('dashboard.postJob')}
          </Button>
        )}
      </Group>
      {body}
    </Page>
  );
}
