import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { Job, SessionUser } from '@caribconnect/shared';
import { canApplyForJobs, readingRole } from '@caribconnect/shared/constants/roles';
import { MutedNotice } from '../../../components/muted-notice';
import { UnconfirmedNotice } from '../../../components/unconfirmed-notice';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import classes from './apply-bar.module.css';
import { plainAnchor, plainButton, plainButtonLabel, PlainGroup, PlainSkeleton, PlainStack, PlainText } from '../../../components/plain-mantine';

/**
 * What the person can do with this job, by who they are: apply (job seekers and consultants), see when they
 * applied, log in or sign up first (coming back here afterwards), manage it (its company's team), or why
 * applying is not for their kind of account. The server refuses the same people; this spares them
 * a form that would. Mantine's markup drawn plainly (components/plain-mantine.tsx): a job's first load
 * hydrates it.
 */
export function ApplyBar({ job, user, sessionLoading }: { job: Job; user: SessionUser | null | undefined; sessionLoading: boolean }) {
  const { t, i18n } = useTranslation('jobs');
  const here = paths.job.to(job.id);

  // The caller's role in the job's company now, as the server decided it (null: not on its team, a
  // poster since removed included, decision 0076): not who posted it, which the server no longer honours.
  const team = user ? (job.viewerTeamRole ?? null) : null;
  let content: React.ReactNode;
  // A closed job's page still answers (shared links), without a way to apply; its team keeps theirs
  // (a signed-in reader's role is still being asked for while sessionLoading: a skeleton until then).
  if (job.expired && !team && !(user && sessionLoading))
    content = (
      <PlainText fw={600} role="status">
        {t('expiry.closed')}
      </PlainText>
    );
  else if (sessionLoading) content = <PlainSkeleton height={42} width={180} radius="sm" />;
  else if (!user)
    content = (
      <PlainStack component="div" gap="xs">
        <PlainText size="sm">{t('apply.signInToApply')}</PlainText>
        <PlainGroup gap="xs">
          <Link to={paths.login.to(here)} {...plainButton({ size: 'md' })}>
            {plainButtonLabel(t('apply.logIn'))}
          </Link>
          <Link to={paths.signup.to(undefined, here)} {...plainButton({ size: 'md', variant: 'default' })}>
            {plainButtonLabel(t('apply.signUp'))}
          </Link>
        </PlainGroup>
      </PlainStack>
    );
  else if (team) content = <OwnerActions jobId={job.id} canEdit={team !== 'viewer'} />;
  else if (!canApplyForJobs(readingRole(user))) content = <PlainText size="sm">{t('apply.onlyJobSeekers')}</PlainText>;
  else if (job.appliedAt)
    content = (
      <PlainGroup gap="xs" justify="space-between">
        <PlainText fw={600}>
          <time dateTime={job.appliedAt}>{t('apply.appliedOn', { date: formatDate(job.appliedAt, i18n.language) })}</time>
        </PlainText>
        <Link to={paths.myApplications.to()} {...plainAnchor({ size: 'sm' })}>
          {t('apply.myApplications')}
        </Link>
      </PlainGroup>
    );
  else if (user.role === 'muted') content = <MutedNotice />;
  else if (user.emailVerified === false) content = <UnconfirmedNotice />;
  else
    content = (
      <Link to={paths.apply.to(job.id)} {...plainButton({ size: 'md' })}>
        {plainButtonLabel(t('applyForJob'))}
      </Link>
    );

  return (
    <section className={classes.bar} aria-label={t('apply.heading')}>
      {content}
    </section>
  );
}

/**
 * Its team's ways in to the job: words from the employer's catalog, which other readers never fetch.
 * Owners and recruiters edit it; a viewer reads its applicants only (decision 0070).
 */
function OwnerActions({ jobId, canEdit }: { jobId: string; canEdit: boolean }) {
  const { t } = useTranslation('employer');
  return (
    <PlainGroup gap="xs">
      {canEdit && (
        <Link to={paths.postJob.to(jobId)} {...plainButton({ variant: 'light', size: 'md' })}>
          {plainButtonLabel(t('dashboard.edit'))}
        </Link>
      )}
      <Link to={paths.applicants.to(jobId)} {...plainButton({ variant: 'light', size: 'md' })}>
        {plainButtonLabel(t('dashboard.viewApplicants'))}
      </Link>
    </PlainGroup>
  );
}
