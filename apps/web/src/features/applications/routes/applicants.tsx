import { useMyCompanyRole } from '../../../lib/my-company';
import { Anchor, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { APPLICATION_STATUSES, type Applicant, type ApplicationStatus } from '@caribconnect/shared';
import { RequireUser } from '../../../components/require-user';
import { Page } from '../../../components/page';
import { toast } from '../../../components/toast';
import { EmptyState } from '../../../components/states';
import { PagedList } from '../../../components/paged-list';
import { useErrorText } from '../../../lib/errors';
import { useJob } from '../../../lib/job-query';
import { paths } from '../../../lib/paths';
import { useApplicants } from '../api/get-applicants';
import { useUpdateApplicationStatus } from '../api/update-application-status';
import { formatDate } from '../../../lib/format-date';
import { StatusBadge } from '../components/status-badge';
import classes from '../components/applications.module.css';
import ApplicantEmailsChoice from '../components/applicant-emails';

/** A download link to an application document, or a note that there is none. */
function DocumentLink({ url, label, ariaLabel, missing }: { url: string | null; label: string; ariaLabel: string; missing: string }) {
  return url ? (
    <Anchor href={url} download size="sm" aria-label={ariaLabel}>
      {label}
    </Anchor>
  ) : (
    <Text size="sm" c="dimmed">
      {missing}
    </Text>
  );
}

function ApplicantCard({
  applicant,
  jobId,
  onStatus,
  canAct,
}: {
  applicant: Applicant;
  jobId: string;
  onStatus: (status: ApplicationStatus) => void;
  /** False for a company's viewers: they read, and are offered no action (the server refuses them too). */
  canAct: boolean;
}) {
  const { t, i18n } = useTranslation('applications');
  const name = applicant.applicantName.trim() || t('applicants.unknownApplicant');
  const message = applicant.message.trim();
  return (
    <Card component="article" withBorder padding="md">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div className={classes.title}>
          <Title order={2} size="h4">
            {name}
          </Title>
          <Text size="xs" c="dimmed">
            <time dateTime={applicant.createdAt}>{t('applicants.appliedOn', { date: formatDate(applicant.createdAt, i18n.language) })}</time>
          </Text>
        </div>
        <StatusBadge status={applicant.status} />
      </Group>
      <Text size="sm" fw={600} mt="sm">
        {t('applicants.message')}
      </Text>
      <Text size="sm" c={message ? undefined : 'dimmed'} className={classes.preserve}>
        {message || t('applicants.noMessage')}
      </Text>
      <Group gap="md" mt="sm">
        <DocumentLink
          url={applicant.resumeUrl}
          label={t('applicants.resume')}
          ariaLabel={t('applicants.downloadResume', { name })}
          missing={t('applicants.noResume')}
        />
        <DocumentLink
          url={applicant.coverLetterUrl}
          label={t('applicants.coverLetter')}
          ariaLabel={t('applicants.downloadCoverLetter', { name })}
          missing={t('applicants.noCoverLetter')}
        />
      </Group>
      <Group justify="space-between" align="flex-end" mt="md" gap="sm">
        {canAct && (
          <Select
            label={t('applicants.status')}
            aria-label={t('applicants.statusOf', { name })}
            data={APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={applicant.status}
            onChange={(v) => v && v !== applicant.status && onStatus(v as ApplicationStatus)}
            allowDeselect={false}
            w={{ base: '100%', xs: 200 }}
          />
        )}
        <Group gap="xs">
          {canAct && (
            <Button
              component={Link}
              to={paths.scheduleInterview.to({ job: jobId, applicant: applicant.userId })}
              variant="light"
              aria-label={t('applicants.scheduleInterviewWith', { name })}
            >
              {t('applicants.scheduleInterview')}
            </Button>
          )}
          <Button component={Link} to={paths.profile.to(applicant.userId)} variant="light" aria-label={t('applicants.viewProfileOf', { name })}>
            {t('applicants.viewProfile')}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/** The job's applications, newest first, each with its status picker. */
function Applicants({ jobId }: { jobId: string }) {
  const { t } = useTranslation('applications');
  const errorText = useErrorText();
  const query = useApplicants(jobId, true);
  const update = useUpdateApplicationStatus(jobId);
  const canAct = useMyCompanyRole() !== 'viewer';

  const setStatus = (applicant: Applicant, status: ApplicationStatus) =>
    update.mutate(
      { id: applicant.id, status },
      {
        onSuccess: () => toast(t('applicants.statusSaved', { status: t(`status.${status}`) })),
        onError: (err) => toast(errorText(err), 'error', t('applicants.statusFailed')),
      },
    );

  return (
    <PagedList
      query={query}
      // 403 and 404 have texts fit to show ('Job not found.' and the like).
      labels={{
        loading: t('applicants.loading'),
        failed: errorText(query.error, t('applicants.loadFailed')),
        loadMore: t('loadMore'),
        loadingMore: t('loadingMore'),
      }}
      autoLoad={false}
      empty={<EmptyState message={t('applicants.empty')} />}
    >
      {(items) => (
        <Stack gap="sm">
          {items.map((a) => (
            <ApplicantCard key={a.id} applicant={a} jobId={jobId} onStatus={(s) => setStatus(a, s)} canAct={canAct} />
          ))}
        </Stack>
      )}
    </PagedList>
  );
}

/** /employer/applicants/{jobId}: the job's applications, for its owner. */
export default function ApplicantsScreen() {
  const { t } = useTranslation('applications');
  const { jobId = '' } = useParams();
  const job = useJob(jobId);
  const canAct = useMyCompanyRole() !== 'viewer';
  return (
    <Page title={job.data ? t('applicants.titleFor', { title: job.data.title }) : t('applicants.title')}>
      <Anchor component={Link} to={paths.employerDashboard.to()} size="sm" mb="md" display="inline-block">
        ← {t('applicants.backToListings')}
      </Anchor>
      <RequireUser signedOut={t('applicants.mustLogIn')}>
        {() => (
          <Stack gap="md">
            {canAct && <ApplicantEmailsChoice jobId={jobId} />}
            <Applicants jobId={jobId} />
          </Stack>
        )}
      </RequireUser>
    </Page>
  );
}
