import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { ErrorState, LoadingState } from '../../../components/states';
import { useStats } from '../api/get-stats';
import { intlLocale } from '../../../lib/language';

const TILES = ['users', 'jobs', 'ads', 'applications'] as const;

export function StatTiles() {
  const { t, i18n } = useTranslation('admin');
  const stats = useStats();
  if (stats.isPending) return <LoadingState label={t('loading')} />;
  if (stats.isError) return <ErrorState message={t('tilesFailed')} onRetry={() => void stats.refetch()} />;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {TILES.map((key) => (
        <Paper component="li" key={key} withBorder p="md" radius="md">
          <Text size="sm" c="dimmed">
            {t(`tiles.${key}`)}
          </Text>
          <Text fz={28} fw={700}>
            {stats.data[key].toLocaleString(intlLocale(i18n.language))}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
