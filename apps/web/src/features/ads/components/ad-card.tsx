import { Anchor, Badge, Card, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { AdSummary } from '@caribconnect/shared';
import { paths } from '../../../lib/paths';
import classes from './ads.module.css';
import { PictureIcon, PlayIcon } from './icons';
import { OwnerActions } from './owner-actions';
import { useCategoryLabel } from './use-category-label';
import { AwaitingPayment } from './awaiting-payment';
import { PricePlace } from './price-place';
import { SaveButton } from '../../../components/save-button';

/**
 * The card's width at each of the list's breakpoints (1 to 4 columns in a padded xl container), so
 * the browser picks the smallest variant that fills it: a 360 px phone at 1x takes the 360 px one.
 */
const CARD_SIZES = '(min-width: 75em) 310px, (min-width: 62em) calc(33vw - 21px), (min-width: 36em) calc(50vw - 24px), calc(100vw - 32px)';

/**
 * One ad on Browse Ads: its photo, or its video's preview frame with a play badge (the video itself
 * is never loaded here). The picture comes in two widths (srcset), with its size reserved; below the
 * first card it loads lazily, while the first (in view on arrival, often the largest paint) does not wait.
 */
export function AdCard({ ad, mine, first = false, actions, saved }: { ad: AdSummary; mine: boolean; first?: boolean; actions?: ReactNode; saved?: boolean }) {
  const { t } = useTranslation('ads');
  const categoryLabel = useCategoryLabel();
  const picture = ad.image ?? ad.preview;
  return (
    <Card component="article" withBorder padding="sm" className={classes.card}>
      <Card.Section className={classes.media}>
        {picture ? (
          <img
            src={picture.card}
            srcSet={`${picture.small} ${picture.smallWidth}w, ${picture.card} ${picture.cardWidth}w`}
            sizes={CARD_SIZES}
            alt={ad.title}
            width={picture.cardWidth}
            height={picture.cardHeight}
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : undefined}
            decoding="async"
          />
        ) : (
          <div className={classes.placeholder}>
            <PictureIcon />
          </div>
        )}
        {ad.hasVideo && (
          <span className={classes.play}>
            <PlayIcon size={28} />
            <VisuallyHidden>{t('videoAd')}</VisuallyHidden>
          </span>
        )}
      </Card.Section>
      <Badge variant="light" color="ocean" tt="none" mt="sm" maw="100%">
        {categoryLabel(ad.categorySlug, ad.categoryName)}
      </Badge>
      {ad.awaitingPayment && (
        <div>
          <AwaitingPayment ad={ad} />
        </div>
      )}
      <Title order={2} size="h4" mt={6} className={classes.title}>
        <Anchor component={Link} to={paths.ad.to(ad.id)} className={classes.stretched} c="inherit" fw={700} fz="inherit" underline="hover">
          {ad.title}
        </Anchor>
      </Title>
      <PricePlace ad={ad} />
      <Text size="sm" lineClamp={3} mt={4} className={classes.description}>
        {ad.description}
      </Text>
      <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
        <SaveButton kind="ad" id={ad.id} title={ad.title} saved={saved} />
      </div>
      {mine && (
        <div className={classes.actions} style={{ marginTop: 'auto', paddingTop: 'var(--mantine-spacing-sm)' }}>
          {actions ?? <OwnerActions id={ad.id} title={ad.title} />}
        </div>
      )}
    </Card>
  );
}
