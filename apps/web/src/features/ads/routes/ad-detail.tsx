import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Notice } from '../../../components/notice';
import { Page } from '../../../components/page';
import { ReportButton } from '../../../components/report/report-button';
import { ErrorState, LoadingState } from '../../../components/states';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/session';
import { useAd } from '../api/get-ad';
import classes from '../components/ads.module.css';
import { OwnerActions } from '../components/owner-actions';
import { useCategoryLabel } from '../components/use-category-label';
import { AwaitingPayment } from '../components/awaiting-payment';
import { PayNow } from '../../../components/pay-now';
import { PricePlace } from '../components/price-place';
import { RenewButton } from '../components/renew-button';
import { SaveButton } from '../../../components/save-button';
import { useSavedIds } from '../../../lib/saved';

/** /ads/{id}: the whole ad, its photo and video (played in the page, seekable by byte ranges), and a way to message the poster. */
export default function AdDetailScreen() {
  const { t, i18n } = useTranslation('ads');
  const { id } = useParams();
  const navigate = useNavigate();
  const { user } = useMe();
  const categoryLabel = useCategoryLabel();
  const { data: ad, isPending, error, refetch } = useAd(id);
  const saved = useSavedIds('ad', id ? [id] : [], Boolean(user)).data;

  const back = (
    <Anchor component={Link} to={paths.ads.alias} size="sm">
      ← {t('detail.backToAds')}
    </Anchor>
  );

  if (isPending) {
    return (
      <Page>
        <LoadingState label={t('detail.loading')} />
      </Page>
    );
  }
  if (error || !ad) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <Page title={missing ? t('detail.notFound') : undefined}>
        {missing ? back : <ErrorState message={t('detail.notFound')} onRetry={() => void refetch()} />}
      </Page>
    );
  }

  const mine = user?.id === ad.userId;
  return (
    <Page title={ad.title} size="md">
      <Stack gap="md">
        <Group gap="xs" mt={-8}>
          <Badge variant="light" color="ocean" tt="none">
            {categoryLabel(ad.categorySlug, ad.categoryName)}
          </Badge>
          {ad.awaitingPayment && <AwaitingPayment ad={ad} />}
          {ad.awaitingPayment && mine && <PayNow kind="ad" id={ad.id} title={ad.title} />}
          <Text size="sm" c="dimmed">
            <time dateTime={ad.createdAt}>{t('detail.postedOn', { date: formatDate(ad.createdAt, i18n.language) })}</time>
            {ad.posterName && ` · ${t('detail.postedBy')} ${ad.posterName}`}
          </Text>
        </Group>
        <PricePlace ad={ad} size="lg" />
        {ad.expired && (
          <Alert color="yellow" title={t('expiry.noLongerAvailable')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{mine ? t('expiry.ownerExpired') : t('expiry.visitorExpired')}</Text>
              {mine && <RenewButton id={ad.id} title={ad.title} />}
            </Stack>
          </Alert>
        )}
        {!ad.expired && mine && (
          <Text size="sm" c="dimmed">
            {t('expiry.listedUntil', { date: formatDate(ad.expiresAt, i18n.language) })}
          </Text>
        )}
        <div>
          <SaveButton kind="ad" id={ad.id} title={ad.title} saved={saved ? saved.has(ad.id) : undefined} />
        </div>
        {ad.image && (
          <img src={ad.image.detail} alt={ad.title} width={ad.image.width} height={ad.image.height} className={classes.detailImage} decoding="async" />
        )}
        <section aria-labelledby="ad-description">
          <Title order={2} size="h4" id="ad-description" mb="xs">
            {t('detail.description')}
          </Title>
          {/* Plain text: markup someone typed shows as typed and never runs. */}
          <Text className={classes.preserve}>{ad.description}</Text>
        </section>
        {ad.video && (
          <section aria-labelledby="ad-video">
            <Title order={2} size="h4" id="ad-video" mb="xs">
              {t('detail.video')}
            </Title>
            {/* metadata only until play: the server answers byte ranges, so playing or seeking never downloads the whole file first. */}
            <video
              controls
              playsInline
              preload="metadata"
              poster={ad.video.poster?.detail}
              className={classes.detailVideo}
              aria-label={`${t('detail.video')}: ${ad.title}`}
            >
              <source src={ad.video.url} type={ad.video.type} />
              <Paper p="sm">
                {t('detail.noVideoSupport')} <a href={ad.video.url}>{t('detail.downloadVideo')}</a>
              </Paper>
            </video>
          </section>
        )}
        <Notice title={t('safety.title')}>{t('safety.body')}</Notice>
        <Group>
          {!mine && !ad.expired && (
            <Button component={Link} to={paths.sendMessage.to(ad.userId)} size="md">
              {ad.posterName ? t('detail.message', { name: ad.posterName }) : t('detail.messagePoster')}
            </Button>
          )}
          {mine && <OwnerActions id={ad.id} title={ad.title} size="md" onDeleted={() => navigate(paths.ads.to())} />}
          {user && !mine && <ReportButton itemType="ad" itemId={ad.id} />}
        </Group>
        {back}
      </Stack>
    </Page>
  );
}
