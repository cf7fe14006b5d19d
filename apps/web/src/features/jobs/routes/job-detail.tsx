import { Link, useParams } from '../../../lib/router';
import { paths } from '../../../lib/paths';
import { useTranslation } from '../../../lib/use-translation';
import { Notice } from '../../../components/notice';
import { Page } from '../../../components/page';
import { ReportButton } from '../../../components/report/report-button';
import { ErrorState, LoadingState } from '../../../components/states';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/session';
import { errorText } from '../../../lib/errors';
import { useJob } from '../../../lib/job-query';
import { formatDate } from '../../../lib/format-date';
import { useCountryName } from '../../../lib/country-name';
import { useJobCategoryLabel } from '../../../lib/job-category-label';
import classes from './job-detail.module.css';
import { ApplyBar } from '../components/apply-bar';
import { useJobFacts } from '../components/job-facts';
import { SaveButton } from '../../../components/save-button';
import { useSavedIds } from '../../../lib/saved';
import { jobsListReturnPath } from '../components/use-job-filters';
import { InTurn } from '../../../lib/hydrate-in-turns';
import { plainAnchor, PlainBadge, PlainGroup, PlainPaper, PlainStack, PlainText, PlainTitle } from '../../../components/plain-mantine';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <PlainText component="dt" size="xs" dimmed uppercase fw={600}>
        {label}
      </PlainText>
      <PlainText component="dd" m={0} className={classes.preserve}>
        {value}
      </PlainText>
    </div>
  );
}

/**
 * /jobs/{id}: the whole job, and the way to apply. Its blocks draw Mantine's markup plainly
 * (components/plain-mantine.tsx): a first visit hydrates every one of them.
 */
export default function JobDetailScreen() {
  const { t, i18n } = useTranslation('jobs');
  const countryName = useCountryName();
  const categoryLabel = useJobCategoryLabel();
  const { id } = useParams();
  const { user, isLoading: sessionLoading } = useMe();
  const { data: job, isPending, error, refetch, askedAnonymously } = useJob(id);
  const jobFacts = useJobFacts();
  const saved = useSavedIds('job', id ? [id] : [], Boolean(user)).data;

  const back = (
    <Link to={jobsListReturnPath()} {...plainAnchor({ size: 'sm' })}>
      ← {t('backToJobs')}
    </Link>
  );

  if (isPending) {
    return (
      <Page>
        <LoadingState label={t('loadingJob')} />
      </Page>
    );
  }
  if (error || !job) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <Page title={missing ? t('jobNotFound') : undefined}>
        {missing ? back : <ErrorState message={errorText(error, t('jobNotFound'))} onRetry={() => void refetch()} />}
      </Page>
    );
  }

  const facts = jobFacts(job);
  return (
    <Page title={job.title} size="md">
      <PlainStack component="div" gap="md">
        <InTurn>
          <PlainGroup gap="xs" mt={-8}>
            <PlainText fw={500} size="lg">
              {job.companySlug ? (
                <Link to={paths.company.to(job.companySlug)} className={classes.companyLink}>
                  {job.company}
                </Link>
              ) : (
                job.company
              )}
            </PlainText>
            {job.verifiedEmployer && <PlainBadge color="teal.9">{t('verifiedEmployer')}</PlainBadge>}
          </PlainGroup>
        </InTurn>
        {!job.verifiedEmployer && (
          <InTurn>
            <Notice title={t('safety.title')}>{t('safety.body')}</Notice>
          </InTurn>
        )}
        <InTurn>
          <div>
            <SaveButton kind="job" id={job.id} title={job.title} saved={saved ? saved.has(job.id) : undefined} />
          </div>
        </InTurn>
        {/* Each block hydrates in a task of its own (lib/hydrate-in-turns.tsx). */}
        <InTurn>
          <PlainPaper p="md">
            <dl className={classes.facts}>
              <Fact label={t('country')} value={countryName(job.country)} />
              <Fact label={t('address')} value={job.address || t('notSpecified')} />
              <Fact label={t('salary')} value={facts.pay || t('notSpecified')} />
              {facts.type && <Fact label={t('employmentType')} value={facts.type} />}
              {facts.workplace && <Fact label={t('workplace')} value={facts.workplace} />}
              <Fact label={t('category')} value={categoryLabel(job.category) || t('notSpecified')} />
              <Fact label={t('posted')} value={formatDate(job.createdAt, i18n.language)} />
              <Fact label={job.expired ? t('expiry.closedLabel') : t('expiry.closesLabel')} value={formatDate(job.expiresAt, i18n.language)} />
            </dl>
          </PlainPaper>
        </InTurn>
        <InTurn>
          <section aria-labelledby="job-description">
            <PlainTitle order={2} size="h4" id="job-description" mb="xs">
              {t('description')}
            </PlainTitle>
            {/* Rendered as text: markup someone typed shows as typed and never runs. */}
            <PlainText className={classes.preserve}>{job.description}</PlainText>
          </section>
        </InTurn>
        <InTurn>
          <ApplyBar job={job} user={user} sessionLoading={sessionLoading || askedAnonymously} />
        </InTurn>
        <InTurn>
          <PlainGroup justify="space-between">
            {back}
            {user && user.id !== job.userId && !job.viewerTeamRole && <ReportButton itemType="job" itemId={job.id} />}
          </PlainGroup>
        </InTurn>
      </PlainStack>
    </Page>
  );
}
