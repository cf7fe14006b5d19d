import { Button, Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import type { Interview, InterviewAnswer } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { PagedList } from '../../../components/paged-list';
import { EmptyState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/errors';
import { useAnswerInterview } from '../api/answer-interview';
import { useMyInterviews } from '../api/get-my-interviews';
import { GREEN, RED } from '../components/colors';
import { InterviewCard } from '../components/interview-card';

function MyInterviews() {
  const { t } = useTranslation('interviews');
  const errorText = useErrorText();
  const query = useMyInterviews(true);
  const answer = useAnswerInterview();

  const reply = (interview: Interview, status: InterviewAnswer) =>
    answer.mutate(
      { id: interview.id, status },
      {
        onSuccess: () => toast(t(status === 'confirmed' ? 'my.confirmed' : 'my.declined')),
        onError: (err) => toast(errorText(err), 'error', t('my.updateFailed')),
      },
    );

  return (
    <PagedList
      query={query}
      labels={{ loading: t('my.loading'), failed: t('my.loadFailed'), loadMore: t('loadMore'), loadingMore: t('loadingMore') }}
      empty={<EmptyState message={t('my.empty')} />}
    >
      {(items) => (
        <Stack gap="sm">
          {items.map((i) => {
            const busy = answer.isPending && answer.variables?.id === i.id;
            const title = i.jobTitle?.trim() || t('card.untitledJob');
            return (
              <InterviewCard
                key={i.id}
                interview={i}
                // An employer who never gave their name is known by the job's company.
                person={{ label: t('card.employer'), name: i.employerName.trim() || i.jobCompany?.trim() || t('card.unknownPerson') }}
                actions={
                  i.status === 'pending' && (
                    <>
                      <Button color={GREEN} size="sm" disabled={busy} onClick={() => reply(i, 'confirmed')} aria-label={t('my.confirmLabel', { title })}>
                        {t('my.confirm')}
                      </Button>
                      <Button
                        color={RED}
                        variant="outline"
                        size="sm"
                        disabled={busy}
                        onClick={() => reply(i, 'declined')}
                        aria-label={t('my.declineLabel', { title })}
                      >
                        {t('my.decline')}
                      </Button>
                    </>
                  )
                }
              />
            );
          })}
        </Stack>
      )}
    </PagedList>
  );
}

/** /my-interviews: the signed-in person's interviews as the applicant, soonest first. */
export default function MyInterviewsScreen() {
  const { t } = useTranslation('interviews');
  return (
    <Page title={t('my.title')}>
      <RequireUser signedOut={t('my.mustLogIn')}>{() => <MyInterviews />}</RequireUser>
    </Page>
  );
}
