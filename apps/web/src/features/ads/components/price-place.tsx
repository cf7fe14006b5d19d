import { Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import type { AdSummary } from '@caribconnect/shared';
import { useCountryName } from '../../../lib/country-name';
import { priceText } from './format-price';

/** An ad's price (with "Negotiable") and its place, as the card and the detail show them. */
export function PricePlace({
  ad,
  size = 'sm',
}: {
  ad: Pick<AdSummary, 'priceKind' | 'price' | 'currency' | 'negotiable' | 'country' | 'town'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t, i18n } = useTranslation('ads');
  const countryName = useCountryName();
  const price = priceText(ad, i18n.language, { free: t('price.free'), onRequest: t('price.onRequest') });
  const place = [ad.town, ad.country && countryName(ad.country)].filter(Boolean).join(', ');
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <Text size={size} fw={700} data-testid="ad-price">
        {price}
        {ad.negotiable && (
          <Text span size="xs" c="dimmed" fw={400}>
            {' · '}
            {t('price.negotiable')}
          </Text>
        )}
      </Text>
      {place && (
        <Text size="sm" c="dimmed">
          {place}
        </Text>
      )}
    </Group>
  );
}
