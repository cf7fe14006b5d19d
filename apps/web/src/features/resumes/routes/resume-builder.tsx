import { Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { ErrorState, LoadingState } from '../../../components/states';
import { useMyResume } from '../api/get-my-resume';
import { ResumeForm } from '../components/resume-form';

/** /resume-builder */
export default function ResumeBuilderScreen() {
  const { t } = useTranslation('resumes');
  return (
    <Page title={t('builder.title')} size="sm">
      <RequireUser signedOut={t('builder.notLoggedIn')} writes>
        {(user) => <Builder account={{ fullName: user.fullName, email: user.email }} />}
      </RequireUser>
    </Page>
  );
}

function Builder({ account }: { account: { fullName: string; email: string } }) {
  const { t } = useTranslation('resumes');
  const { data, isPending, isError, refetch } = useMyResume();
  if (isPending) return <LoadingState label={t('builder.loading')} />;
  if (isError) return <ErrorState message={t('builder.loadFailed')} onRetry={() => void refetch()} />;
  return (
    <>
      <Text c="dimmed" mb="md">
        {t('builder.intro')}
      </Text>
      <ResumeForm saved={data} account={account} />
    </>
  );
}
