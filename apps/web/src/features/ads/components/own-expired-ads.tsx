import { Button, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { pagedItems } from '../../../lib/paged';
import { useOwnExpiredAds } from '../api/get-own-expired-ads';
import { AdCard } from './ad-card';
import { RenewButton } from './renew-button';

/**
 * The signed-in person's expired ads, apart from the list (which no longer shows them), each with
 * Renew. Nothing at all when they have none, so the list is unchanged for most people.
 */
export function OwnExpiredAds({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('ads');
  const query = useOwnExpiredAds(signedIn);
  const ads = pagedItems(query.data);
  if (!signedIn || ads.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby="own-expired-ads" withBorder p="sm" mb="md" bg="var(--mantine-color-yellow-light)">
      <Title order={2} size="h4" id="own-expired-ads">
        {t('expiry.yourExpired')}
      </Title>
      <Text size="sm" mb="sm">
        {t('expiry.yourExpiredHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
        {ads.map((ad) => (
          <AdCard key={ad.id} ad={ad} mine actions={<RenewButton id={ad.id} title={ad.title} size="xs" />} />
        ))}
      </SimpleGrid>
      {query.hasNextPage && (
        <Button variant="subtle" mt="sm" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
          {t('loadMore')}
        </Button>
      )}
    </Paper>
  );
}
