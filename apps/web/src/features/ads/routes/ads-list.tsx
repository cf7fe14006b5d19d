import { Button, Group, SimpleGrid } from '@mantine/core';
import { Link, useLocation } from '../../../lib/router';
import type { AdPage } from '@caribconnect/shared';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { EmptyState } from '../../../components/states';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/session';
import { useAds } from '../api/get-ads';
import { AdCard } from '../components/ad-card';
import { AdFiltersPanel } from '../components/ad-filters';
import { OwnExpiredAds } from '../components/own-expired-ads';
import { useAdFilters } from '../components/use-ad-filters';
import { RefreshingStatus } from '../../../components/refreshing-status';
import { pagedItems } from '../../../lib/paged';
import { useSavedIds } from '../../../lib/saved';
import { InTurn } from '../../../lib/hydrate-in-turns';

/** /ads and /browse-ads: newest first, searched and filtered through the URL, one page at a time. */
export default function AdsListScreen() {
  const { t } = useTranslation('ads');
  const { user } = useMe();
  const { filters, active } = useAdFilters();
  const query = useAds(filters);
  const refreshing = query.isPlaceholderData && query.isFetching;
  const saved = useSavedIds(
    'ad',
    pagedItems(query.data).map((a) => a.id),
    Boolean(user),
  ).data;

  return (
    <Page title={t('listTitle')} size="xl">
      <Group justify="flex-end" mt={-8} mb="sm">
        <Button component={Link} to={paths.postAd.to()}>
          {t('postAd')}
        </Button>
      </Group>
      <OwnExpiredAds signedIn={!!user} />
      {/* A real form that works as HTML: it can hydrate a moment after the rest of the page. */}
      <InTurn>
        <AdFiltersPanel />
      </InTurn>
      <RefreshingStatus active={refreshing} label={t('updating')} mt={-10} />
      <PagedList
        query={query}
        labels={{ loading: t('loadingAds'), failed: t('loadAdsFailed'), loadMore: t('loadMore'), loadingMore: t('loadingMore'), allLoaded: t('allLoaded') }}
        empty={
          <EmptyState message={active ? t('noAdsFiltered') : t('noAds')}>
            <DidYouMean page={query.data?.pages[0] as AdPage | undefined} />
            {!active && (
              <Button component={Link} to={paths.postAd.to()} variant="light">
                {t('postAd')}
              </Button>
            )}
          </EmptyState>
        }
      >
        {(ads) => (
          <SimpleGrid component="section" aria-label={t('listTitle')} cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
            {ads.map((ad, i) => (
              <InTurn key={ad.id}>
                <AdCard ad={ad} mine={user?.id === ad.userId} first={i === 0} saved={saved ? saved.has(ad.id) : undefined} />
              </InTurn>
            ))}
          </SimpleGrid>
        )}
      </PagedList>
    </Page>
  );
}

/** "Did you mean: fridge?" when a search found nothing (decision 0072): a plain link, working before the page's scripts. */
function DidYouMean({ page }: { page: AdPage | undefined }) {
  const { t } = useTranslation('ads');
  const { search } = useLocation();
  const suggestion = page?.didYouMean;
  if (!suggestion || page.items.length > 0) return null;
  const url = new URLSearchParams(search);
  url.set('q', suggestion);
  url.delete('cursor');
  // The catalog's sentence around the link, whatever the language's word order.
  const [before, after] = t('didYouMean', { query: '\u0001' }).split('\u0001');
  return (
    <p role="note">
      {before}
      <Link to={paths.ads.to(`?${url.toString()}`)}>{suggestion}</Link>
      {after}
    </p>
  );
}
