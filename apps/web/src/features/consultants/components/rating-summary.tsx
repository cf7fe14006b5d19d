import { Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { intlLocale } from '../../../lib/language';

/**
 * Spec section 9: the rating rounded to whole stars and as one decimal 'x.x / 5' with the review
 * count; 'No reviews yet' before the first review.
 */
export function RatingSummary({ rating, reviewCount, size = 'sm' }: { rating: number; reviewCount: number; size?: 'sm' | 'md' }) {
  const { t, i18n } = useTranslation('consultants');
  if (reviewCount === 0) {
    return (
      <Text size={size} c="dimmed">
        {t('rating.none')}
      </Text>
    );
  }
  const whole = Math.max(0, Math.min(5, Math.round(rating)));
  const value = new Intl.NumberFormat(intlLocale(i18n.language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
  return (
    <Group gap={6} wrap="nowrap">
      <Stars value={whole} size={size === 'md' ? 20 : 16} label={t('rating.stars', { rating: whole })} />
      <Text span size={size} fw={600}>
        {t('rating.value', { rating: value })}
      </Text>
      <Text span size={size} c="dimmed">
        {t('rating.count', { count: reviewCount })}
      </Text>
    </Group>
  );
}

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/** Whole stars drawn, not typed: glyph stars in light colours fail text contrast, and screen readers get one label. */
export function Stars({ value, size, label }: { value: number; size: number; label: string }) {
  return (
    <span role="img" aria-label={label} style={{ display: 'inline-flex', gap: 1, lineHeight: 0 }}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={STAR} fill={n <= value ? '#f08c00' : 'none'} stroke={n <= value ? '#b35900' : '#5c636a'} strokeWidth={1.5} strokeLinejoin="round" />
        </svg>
      ))}
    </span>
  );
}
