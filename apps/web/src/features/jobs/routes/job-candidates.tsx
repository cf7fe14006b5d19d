import { useState } from 'react';
import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import type { JobCandidate } from '@caribconnect/shared';
import { useParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { ApiError } from '../../../lib/api-client';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { useJob } from '../../../lib/job-query';
import { useCandidates, useInviteToApply } from '../api/candidates';

/** One candidate: who, why (their matched skills and roles, never contact details), and Invite to apply. */
function CandidateCard({ candidate, jobId, jobTitle }: { candidate: JobCandidate; jobId: string; jobTitle: string }) {
  const { t } = useTranslation('jobs');
  const invite = useInviteToApply();
  const [open, setOpen] = useState(false);
  // The suggested text follows the job's title, which may arrive after the card; once edited, it is the person's.
  const [edited, setText] = useState<string | null>(null);
  const text = edited ?? t('candidates.inviteText', { title: jobTitle });
  const [sent, setSent] = useState(false);
  const why = [
    candidate.matchedSkills.length > 0 && t('candidates.skills', { list: candidate.matchedSkills.join(', ') }),
    candidate.matchedRoles > 0 && t('candidates.roles', { count: candidate.matchedRoles }),
  ].filter(Boolean);
  const send = () =>
    invite.mutate(
      { jobId, userId: candidate.userId, message: text },
      {
        onSuccess: () => {
          setSent(true);
          setOpen(false);
          toast(t('candidates.invited', { name: candidate.fullName }));
        },
        onError: (err) => toast(err instanceof ApiError ? err.message : t('candidates.inviteFailed'), 'error'),
      },
    );
  return (
    <Card withBorder component="li" padding="md">
      <Title order={2} size="h4">
        {candidate.fullName}
      </Title>
      {why.length > 0 && (
        <Text size="sm" c="dimmed" mt={4}>
          {why.join(' · ')}
        </Text>
      )}
      {sent ? (
        <Text size="sm" mt="sm" role="status">
          {t('candidates.invited', { name: candidate.fullName })}
        </Text>
      ) : open ? (
        <Stack gap="xs" mt="sm">
          <Textarea label={t('candidates.message')} value={text} onChange={(e) => setText(e.currentTarget.value)} autosize minRows={3} maxLength={4000} />
          <Group gap="xs">
            <Button size="xs" onClick={send} loading={invite.isPending}>
              {t('candidates.send')}
            </Button>
            <Button size="xs" variant="default" onClick={() => setOpen(false)}>
              {t('candidates.cancel')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group mt="sm">
          <Button size="xs" onClick={() => setOpen(true)} aria-label={`${t('candidates.invite')}: ${candidate.fullName}`}>
            {t('candidates.invite')}
          </Button>
        </Group>
      )}
    </Card>
  );
}

function Candidates({ jobId }: { jobId: string }) {
  const { t } = useTranslation('jobs');
  const job = useJob(jobId);
  const query = useCandidates(jobId, true);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <Page title={t('candidates.title')} size="lg">
      {job.data && (
        <Text c="dimmed" mb="md">
          {t('candidates.forJob', { title: job.data.title })}
        </Text>
      )}
      {query.isPending ? (
        <LoadingState label={t('candidates.loading')} />
      ) : notFound ? (
        <ErrorState message={t('jobNotFound')} home />
      ) : query.isError ? (
        <ErrorState message={t('candidates.loadFailed')} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState message={t('candidates.none')} />
      ) : (
        <Stack component="ul" gap="md" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {query.data.items.map((c) => (
            <CandidateCard key={c.userId} candidate={c} jobId={jobId} jobTitle={job.data?.title ?? ''} />
          ))}
        </Stack>
      )}
    </Page>
  );
}

/**
 * Candidates for this job (issue 46, decision 0072): seekers who turned on "Employers can find me",
 * ranked by the job's skills and roles, for the job's company team; Invite to apply sends a message.
 */
export default function JobCandidatesScreen() {
  const { t } = useTranslation('jobs');
  const { jobId = '' } = useParams();
  return (
    <RequireUser signedOut={t('candidates.signedOut')} frame={(gate) => <Page title={t('candidates.title')}>{gate}</Page>}>
      {() => <Candidates jobId={jobId} />}
    </RequireUser>
  );
}
