import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { Interview } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { RequireUser } from '../../../components/require-user';
import { EmptyState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useCancelInterview } from '../api/cancel-interview';
import { useScheduledInterviews } from '../api/get-scheduled-interviews';
import { RED } from '../components/colors';
import { InterviewCard } from '../components/interview-card';

function ScheduledInterviews() {
  const { t } = useTranslation('interviews');
  const errorText = useErrorText();
  const query = useScheduledInterviews(true);
  const cancel = useCancelInterview();

  const confirmCancel = (interview: Interview, title: string, name: string) =>
    modals.openConfirmModal({
      title: t('scheduled.confirmTitle'),
      centered: true,
      // Mantine leaves the close button without a name (axe: button-name).
      closeButtonProps: { 'aria-label': t('common:close') },
      children: <Text size="sm">{t('scheduled.confirmBody', { title, name })}</Text>,
      labels: { confirm: t('scheduled.confirmCancel'), cancel: t('scheduled.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(interview.id, {
          onSuccess: () => toast(t('scheduled.cancelled')),
          onError: (err) => toast(errorText(err), 'error', t('scheduled.cancelFailed')),
        }),
    });

  const body = (
    <PagedList
      query={query}
      labels={{ loading: t('my.loading'), failed: t('my.loadFailed'), loadMore: t('loadMore'), loadingMore: t('loadingMore') }}
      empty={<EmptyState message={t('my.empty')} />}
    >
      {(items) => (
        <Stack gap="sm">
          {items.map((i) => {
            const title = i.jobTitle?.trim() || t('card.untitledJob');
            const name = i.applicantName.trim() || t('card.unknownPerson');
            const open = i.status === 'pending' || i.status === 'confirmed';
            return (
              <InterviewCard
                key={i.id}
                interview={i}
                person={{ label: t('card.applicant'), name }}
                actions={
                  open && (
                    <Button
                      color={RED}
                      variant="outline"
                      size="sm"
                      disabled={cancel.isPending && cancel.variables === i.id}
                      onClick={() => confirmCancel(i, title, name)}
                      aria-label={t('scheduled.cancelLabel', { title, name })}
                    >
                      {t('scheduled.cancel')}
                    </Button>
                  )
                }
              />
            );
          })}
        </Stack>
      )}
    </PagedList>
  );

  return (
    <>
      <Group gap="xs" mb="lg">
        <Button component={Link} to={paths.scheduleInterview.to()}>
          {t('schedule.title')}
        </Button>
        <Button component={Link} to={paths.employerDashboard.to()} variant="default">
          {t('scheduled.jobListings')}
        </Button>
      </Group>
      {body}
    </>
  );
}

/** /employer/interviews: the upcoming interviews this employer scheduled, with their status and Cancel. */
export default function ScheduledInterviewsScreen() {
  const { t } = useTranslation('interviews');
  return (
    <Page title={t('scheduled.title')}>
      <RequireUser signedOut={t('scheduled.mustLogIn')} roles={['employer']} wrongRole={t('schedule.onlyEmployers')}>
        {() => <ScheduledInterviews />}
      </RequireUser>
    </Page>
  );
}
