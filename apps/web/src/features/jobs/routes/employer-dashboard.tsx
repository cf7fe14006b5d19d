import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { JobSummary } from '@caribconnect/shared';
import { RequireUser } from '../../../components/require-user';
import { InterviewsToCancel } from '../../../components/interviews-to-cancel';
import { Page } from '../../../components/page';
import { toast } from '../../../components/toast';
import { EmptyState } from '../../../components/states';
import { PagedList } from '../../../components/paged-list';
import { paths } from '../../../lib/paths';
import { useAwaitingPaymentText, type KeptPrice } from '../../../lib/awaiting-payment';
import { PayNow } from '../../../components/pay-now';
import { useDeleteJob } from '../api/delete-job';
import { useMyJobs } from '../api/get-my-jobs';
import { useRenewOrCloseJob } from '../api/renew-or-close-job';
import { formatDate } from '../../../lib/format-date';
import classes from '../components/jobs.module.css';
import { useJobCategoryLabel } from '../../../lib/job-category-label';
import { useCountryName } from '../../../lib/country-name';
import { useMyCompanyRole } from '../../../lib/my-company';

function AwaitingPayment({ job }: { job: KeptPrice }) {
  const { t } = useTranslation(['employer', 'jobs']);
  const text = useAwaitingPaymentText('job');
  return (
    <Badge color="dark" variant="outline" tt="none" maw="100%">
      {text(job, (price) => t('payment.awaitingPayment', { price }))}
    </Badge>
  );
}

/** A job of the company's; `canAct` (owners and recruiters) adds what changes it: Pay now, Edit, Delete and `children`. */
function MyJobCard({
  job,
  canAct,
  onDelete,
  deleting,
  children,
}: {
  job: JobSummary;
  canAct: boolean;
  onDelete: () => void;
  deleting: boolean;
  children?: React.ReactNode;
}) {
  const { t, i18n } = useTranslation(['employer', 'jobs']);
  const countryName = useCountryName();
  const categoryLabel = useJobCategoryLabel();
  return (
    <Card component="article" withBorder padding="md">
      <Title order={2} size="h4" className={classes.cardTitle}>
        <Anchor component={Link} to={paths.job.to(job.id)} c="inherit" fw={700} fz="inherit" underline="hover">
          {job.title}
        </Anchor>
      </Title>
      <Text size="sm" mt={4}>
        {[job.company, countryName(job.country), categoryLabel(job.category)].filter(Boolean).join(' · ')}
      </Text>
      {job.postedBy && (
        <Text size="xs" c="dimmed">
          {t('postedBy', { name: job.postedBy })}
        </Text>
      )}
      {!job.paid && (
        <Group gap="xs" mt={4} align="center">
          <AwaitingPayment job={job} />
          {canAct && <PayNow kind="job" id={job.id} title={job.title} />}
        </Group>
      )}
      <Text size="xs" c="dimmed" mt={4}>
        <time dateTime={job.createdAt}>{t('jobs:postedOn', { date: formatDate(job.createdAt, i18n.language) })}</time>
        {' · '}
        <time dateTime={job.expiresAt}>
          {t(job.expired ? 'jobs:expiry.closedOn' : 'jobs:expiry.closesOn', { date: formatDate(job.expiresAt, i18n.language) })}
        </time>
      </Text>
      <Group gap="xs" mt="sm">
        {canAct && (
          <>
            <Button component={Link} to={paths.postJob.to(job.id)} variant="light" size="xs" aria-label={t('dashboard.editLabel', { title: job.title })}>
              {t('dashboard.edit')}
            </Button>
            <Button variant="light" color="red" size="xs" onClick={onDelete} disabled={deleting} aria-label={t('dashboard.deleteLabel', { title: job.title })}>
              {t('dashboard.delete')}
            </Button>
          </>
        )}
        <Button component={Link} to={paths.applicants.to(job.id)} size="xs" aria-label={t('dashboard.viewApplicantsLabel', { title: job.title })}>
          {t('dashboard.viewApplicants')}
        </Button>
        <Button component={Link} to={paths.candidates.to(job.id)} variant="light" size="xs" aria-label={t('jobs:candidates.linkLabel', { title: job.title })}>
          {t('jobs:candidates.link')}
        </Button>
        {canAct && children}
      </Group>
    </Card>
  );
}

/**
 * The signed-in employer's open jobs, newest first, with Edit, Delete, View Applicants and Close now;
 * or (closed) the jobs past their closing date, apart, with Renew (decision 0036). A viewer of the
 * company (decision 0076) gets the jobs and their applicants, none of what the server refuses them.
 */
function MyJobs({ state, canAct }: { state: 'open' | 'closed'; canAct: boolean }) {
  const { t } = useTranslation(['employer', 'jobs']);
  const query = useMyJobs(true, state);
  // The same query as the closed list below (one request): with closed jobs, "no jobs yet" would be untrue.
  const hasClosed = (useMyJobs(state === 'open', 'closed').data?.pages[0]?.items.length ?? 0) > 0;
  const del = useDeleteJob();
  const change = useRenewOrCloseJob();
  const act = (job: JobSummary, action: 'renew' | 'close') =>
    change.mutate(
      { id: job.id, action },
      {
        onSuccess: () => toast(t(action === 'renew' ? 'dashboard.renewed' : 'dashboard.closedNow')),
        onError: () => toast(t('dashboard.changeFailed'), 'error'),
      },
    );
  const busy = (job: JobSummary) => change.isPending && change.variables?.id === job.id;

  const confirmDelete = (job: JobSummary) =>
    modals.openConfirmModal({
      title: t('dashboard.confirmTitle'),
      centered: true,
      closeButtonProps: { 'aria-label': t('common:close') },
      children: (
        <>
          <Text size="sm">{t('dashboard.confirmBody', { title: job.title })}</Text>
          <InterviewsToCancel
            url={`/api/jobs/${encodeURIComponent(job.id)}/upcoming-interviews`}
            text={(count) => t('dashboard.confirmInterviews', { count })}
            checking={t('dashboard.checkingInterviews')}
          />
        </>
      ),
      labels: { confirm: t('dashboard.confirmDelete'), cancel: t('dashboard.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        del.mutate(job.id, {
          onSuccess: () => toast(t('dashboard.deleted')),
          onError: () => toast(t('dashboard.deleteFailed'), 'error'),
        }),
    });

  return (
    <PagedList
      query={query}
      labels={{ loading: t('dashboard.loading'), failed: t('dashboard.loadFailed'), loadMore: t('jobs:loadMore'), loadingMore: t('jobs:loadingMore') }}
      autoLoad={false}
      empty={
        state === 'closed' ? (
          <Text size="sm" c="dimmed">
            {t('dashboard.closedEmpty')}
          </Text>
        ) : (
          <EmptyState message={hasClosed ? t('dashboard.noOpenJobs') : t('dashboard.empty')}>
            {canAct && (
              <Button component={Link} to={paths.postJob.to()}>
                {t('dashboard.postJob')}
              </Button>
            )}
          </EmptyState>
        )
      }
    >
      {(jobs) => (
        <Stack gap="sm">
          {jobs.map((job) => (
            <MyJobCard key={job.id} job={job} canAct={canAct} onDelete={() => confirmDelete(job)} deleting={del.isPending && del.variables === job.id}>
              {state === 'closed' ? (
                <Button size="xs" onClick={() => act(job, 'renew')} disabled={busy(job)} aria-label={t('dashboard.renewLabel', { title: job.title })}>
                  {t('dashboard.renew')}
                </Button>
              ) : (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => act(job, 'close')}
                  disabled={busy(job)}
                  aria-label={t('dashboard.closeNowLabel', { title: job.title })}
                >
                  {t('dashboard.closeNow')}
                </Button>
              )}
            </MyJobCard>
          ))}
        </Stack>
      )}
    </PagedList>
  );
}

function Dashboard() {
  const { t } = useTranslation(['employer', 'jobs']);
  const canAct = useMyCompanyRole() !== 'viewer';
  return (
    <>
      <Group gap="xs" mb="lg">
        <Button component={Link} to={paths.myProfile.to()} variant="default">
          {t('dashboard.myProfile')}
        </Button>
        {canAct && (
          <Button component={Link} to={paths.scheduleInterview.to()} variant="default">
            {t('dashboard.scheduleInterview')}
          </Button>
        )}
        <Button component={Link} to={paths.companyTeam.to()} variant="default">
          {t('dashboard.team')}
        </Button>
        {canAct && (
          <Button component={Link} to={paths.postJob.to()}>
            {t('dashboard.postJob')}
          </Button>
        )}
      </Group>
      <MyJobs state="open" canAct={canAct} />
      <Title order={2} size="h3" mt="xl" mb="sm">
        {t('dashboard.closedTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('dashboard.closedHint')}
      </Text>
      <MyJobs state="closed" canAct={canAct} />
    </>
  );
}

/** 'Your Job Listings' at /employer/dashboard and /employer-dashboard. */
export default function EmployerDashboardScreen() {
  const { t } = useTranslation(['employer', 'jobs']);
  return (
    <Page title={t('dashboard.title')}>
      <RequireUser signedOut={t('dashboard.mustLogIn')} roles={['employer']} wrongRole={t('dashboard.onlyEmployers')}>
        {() => <Dashboard />}
      </RequireUser>
    </Page>
  );
}
