import { Button, Group, Paper, Text } from '@mantine/core';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { useMyResume } from '../api/get-my-resume';
import { ResumeView } from '../components/resume-view';
import { DiscoverableSwitch } from '../components/discoverable-switch';

/** /view-resume: the signed-in person's own resume, read-only. */
export default function ViewResumeScreen() {
  const { t } = useTranslation('resumes');
  return (
    <Page title={t('view.title')} size="sm">
      <RequireUser signedOut={t('view.signIn')}>{() => <MyResume />}</RequireUser>
    </Page>
  );
}

function MyResume() {
  const { t, i18n } = useTranslation('resumes');
  const { data, isPending, isError, refetch } = useMyResume();
  if (isPending) return <LoadingState label={t('view.loading')} />;
  if (isError) return <ErrorState message={t('view.loadFailed')} onRetry={() => void refetch()} />;
  if (!data) {
    return (
      <EmptyState message={t('view.none')}>
        <Button component={Link} to={paths.resumeBuilder.to()}>
          {t('view.build')}
        </Button>
      </EmptyState>
    );
  }
  return (
    <>
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md">
        <ResumeView resume={data} idPrefix="my-resume" />
        <Group justify="space-between" mt="lg" gap="sm">
          <Text size="sm" c="dimmed">
            {t('view.updated', { date: formatDate(data.updatedAt, i18n.language) })}
          </Text>
          <Button component={Link} to={paths.resumeBuilder.to()} variant="light">
            {t('view.edit')}
          </Button>
        </Group>
      </Paper>
      <DiscoverableSwitch resume={data} />
    </>
  );
}
