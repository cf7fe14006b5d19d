import { Stack, Text } from '@mantine/core';
import type { ForYouReasons, JobForYou } from '@caribconnect/shared';
import { LANGUAGE_NAMES } from '@caribconnect/shared';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { Notice } from '../../../components/notice';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { paths } from '../../../lib/paths';
import { useCountryName } from '../../../lib/country-name';
import { useJobCategoryLabel } from '../../../lib/job-category-label';
import { useSavedIds } from '../../../lib/saved';
import { useJobsForYou } from '../api/get-jobs-for-you';
import { JobCard } from '../components/job-card';

/** Why a job is for this person, in a few words ("3 of your skills · in Jamaica · Español"). */
function useReasonText() {
  const { t } = useTranslation('jobs');
  const countryName = useCountryName();
  const categoryLabel = useJobCategoryLabel();
  return (r: ForYouReasons) =>
    [
      r.skills.length > 0 && t('forYou.skills', { count: r.skills.length, list: r.skills.join(', ') }),
      r.roles.length > 0 && t('forYou.role', { role: r.roles[0] }),
      r.country && t('forYou.country', { country: countryName(r.country) }),
      r.category && categoryLabel(r.category),
      r.language && LANGUAGE_NAMES[r.language],
    ]
      .filter(Boolean)
      .join(' · ');
}

function ForYouList({ items }: { items: JobForYou[] }) {
  const { t } = useTranslation('jobs');
  const reasonText = useReasonText();
  const saved = useSavedIds(
    'job',
    items.map((j) => j.id),
    true,
  ).data;
  return (
    <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-md)' }}>
      {items.map((job) => {
        const why = reasonText(job.reasons);
        return (
          <li key={job.id}>
            <JobCard job={job} saved={saved ? saved.has(job.id) : undefined} />
            {why && (
              <Text size="sm" c="dimmed" mt={4} ml="md">
                {t('forYou.why', { reasons: why })}
              </Text>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Jobs for you (issue 46, decision 0072): a signed-in person's open jobs ranked by their resume and
 * profile, each saying why; without a resume, an invitation to make one above the newest jobs of
 * their country. Drawn on the server with the person's session, like the other pages.
 */
export default function JobsForYouScreen() {
  const { t } = useTranslation('jobs');
  return (
    <RequireUser signedOut={t('forYou.signedOut')} frame={(gate) => <Page title={t('forYou.title')}>{gate}</Page>}>
      {(user) => <ForYou signedIn={Boolean(user)} />}
    </RequireUser>
  );
}

function ForYou({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('jobs');
  const query = useJobsForYou(signedIn);
  return (
    <Page title={t('forYou.title')} size="lg">
      {query.isPending ? (
        <LoadingState label={t('loadingJobs')} />
      ) : query.isError ? (
        <ErrorState message={t('loadJobsFailed')} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="lg">
          {query.data.hasResume ? (
            <Text c="dimmed">{t('forYou.intro')}</Text>
          ) : (
            <Notice title={t('forYou.noResumeTitle')} action={{ to: paths.resumeBuilder.to(), label: t('forYou.makeResume') }}>
              {t('forYou.noResume')}
            </Notice>
          )}
          {query.data.items.length ? <ForYouList items={query.data.items} /> : <EmptyState message={t('forYou.none')} />}
        </Stack>
      )}
    </Page>
  );
}
