import { Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { ResumeVisibility } from '@caribconnect/shared';
import { LoadingState } from '../../../components/states';
import { paths } from '../../../lib/paths';
import { useMyResume } from '../api/get-my-resume';
import { useResume } from '../api/get-resume';
import { ResumeView } from './resume-view';

/**
 * The latest resume on a profile (spec: Profile). The app composes it into the profile screen, so
 * the profiles feature does not depend on this one. A resume the reader may not see shows nothing.
 */
export function ResumeBlock({ userId, isOwner }: { userId: string; isOwner: boolean }) {
  const { t } = useTranslation('resumes');
  const other = useResume(isOwner ? undefined : userId);
  const own = useMyResume(isOwner);
  const query = isOwner ? own : other;
  const visibility = isOwner ? own.data?.visibility : undefined;

  if (query.isPending) return <LoadingState label={t('block.loading')} />;
  if (query.isError) {
    return (
      <Text c="dimmed" role="status" mt="lg">
        {t('block.loadFailed')}
      </Text>
    );
  }
  if (!query.data && !isOwner) return null;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" mt="lg" component="section" aria-labelledby="profile-resume">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h3" id="profile-resume">
          {t('block.title')}
        </Title>
        {visibility && <VisibilityBadge visibility={visibility} />}
      </Group>
      {query.data ? (
        <ResumeView resume={query.data} idPrefix="profile-resume" />
      ) : (
        <Group gap="sm">
          <Text c="dimmed">{t('block.none')}</Text>
          <Button component={Link} to={paths.resumeBuilder.to()} size="xs">
            {t('block.build')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}

function VisibilityBadge({ visibility }: { visibility: ResumeVisibility }) {
  const { t } = useTranslation('resumes');
  return (
    <Badge variant="outline" color={visibility === 'nobody' ? 'gray.8' : 'teal.9'} tt="none" size="lg" fw={500}>
      {t(`block.visibleTo.${visibility}`)}
    </Badge>
  );
}
