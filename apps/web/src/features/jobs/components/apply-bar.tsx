import { Anchor, Button, Group, Skeleton, Text } from '@mantine/core';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { Job, SessionUser } from '@caribconnect/shared';
import { canApplyForJobs, readingRole } from '@caribconnect/shared/constants/roles';
import { MutedNotice } from '../../../components/muted-notice';
import { UnconfirmedNotice } from '../../../components/unconfirmed-notice';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import classes from './apply-bar.module.css';
import { plainButton, plainButtonLabel, PlainGroup, PlainStack, PlainText } from '../../../components/plain-mantine';

/**
 * What the person can do with this job, by who they are: apply (job seekers and consultants), see when they
 * applied, log in or sign up first (coming back here afterwards), manage it (its owner), or why
 * applying is not for their kind of account. The server refuses the same people; this spares them
 * a form that would.
 */
export function ApplyBar({ job, user, sessionLoading }: { job: Job; user: SessionUser | null | undefined; sessionLoading: boolean }) {
  const { t, i18n } = useTranslation('jobs');
  const here = paths.job.to(job.id);

  let content: React.ReactNode;
  // A closed job's page still answers (shared links), without a way to apply; its owner keeps theirs.
  if (job.expired && !(user && user.id === job.userId))
    content = (
      <Text fw={600} role="status">
        {t('expiry.closed')}
      </Text>
    );
  else if (sessionLoading) content = <Skeleton height={42} width={180} radius="sm" />;
  else if (!user)
    content = (
      // What a first visit shows, so Mantine's markup drawn plainly (components/plain-mantine.tsx).
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
  else if (user.id === job.userId) content = <OwnerActions jobId={job.id} />;
  else if (!canApplyForJobs(readingRole(user))) content = <Text size="sm">{t('apply.onlyJobSeekers')}</Text>;
  else if (job.appliedAt)
    content = (
      <Group gap="xs" justify="space-between">
        <Text fw={600}>
          <time dateTime={job.appliedAt}>{t('apply.appliedOn', { date: formatDate(job.appliedAt, i18n.language) })}</time>
        </Text>
        <Anchor component={Link} to={paths.myApplications.to()} size="sm">
          {t('apply.myApplications')}
        </Anchor>
      </Group>
    );
  else if (user.role === 'muted') content = <MutedNotice />;
  else if (user.emailVerified === false) content = <UnconfirmedNotice />;
  else
    content = (
      <Button component={Link} to={paths.apply.to(job.id)} size="md">
        {t('applyForJob')}
      </Button>
    );

  return (
    <section className={classes.bar} aria-label={t('apply.heading')}>
      {content}
    </section>
  );
}

/** Its owner's ways in to the job: words from the employer's catalog, which other readers never fetch. */
function OwnerActions({ jobId }: { jobId: string }) {
  const { t } = useTranslation('employer');
  return (
    <Group gap="xs">
      <Button component={Link} to={paths.postJob.to(jobId)} variant="light" size="md">
        {t('dashboard.edit')}
      </Button>
      <Button component={Link} to={paths.applicants.to(jobId)} variant="light" size="md">
        {t('dashboard.viewApplicants')}
      </Button>
    </Group>
  );
}
