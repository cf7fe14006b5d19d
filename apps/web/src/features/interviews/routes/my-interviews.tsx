import { Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Interview, InterviewAnswer } from '@caribconnect/shared';
import { LoadMore } from '../../../components/load-more';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
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
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  const reply = (interview: Interview, status: InterviewAnswer) =>
    answer.mutate(
      { id: interview.id, status },
      {
        onSuccess: () => toast(t(status === 'confirmed' ? 'my.confirmed' : 'my.declined')),
        onError: (err) => toast(errorText(err), 'error', t('my.updateFailed')),
      },
    );

  if (query.isPending) return <LoadingState label={t('my.loading')} />;
  if (query.isError && !items.length) return <ErrorState message={t('my.loadFailed')} onRetry={() => void query.refetch()} />;
  if (!items.length) return <EmptyState message={t('my.empty')} />;
  return (
    <>
      <Stack gap="sm">
        {items.map((i) => {
          const busy = answer.isPending && answer.variables?.id === i.id;
          const title = i.jobTitle?.trim() || t('card.untitledJob');
          return (
            <InterviewCard
              key={i.id}
              interview={i}
              person={{ label: t('card.employer'), name: i.employerName.trim() || t('card.unknownPerson') }}
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
      <LoadMore
        hasNextPage={query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        fetchNextPage={query.fetchNextPage}
        label={t('loadMore')}
        loadingLabel={t('loadingMore')}
      />
    </>
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
