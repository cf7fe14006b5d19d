import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { PagedList } from '../../../components/paged-list';
import { EmptyState } from '../../../components/states';
import { formatDate } from '../../../lib/format-date';
import { useReviews } from '../api/get-reviews';
import { Stars } from './rating-summary';
import classes from './consultants.module.css';

/** A consultant's reviews, newest first, paged. */
export function ReviewList({ consultantId }: { consultantId: string }) {
  const { t, i18n } = useTranslation('consultants');
  const query = useReviews(consultantId);
  return (
    <PagedList
      query={query}
      labels={{ loading: t('reviews.loading'), failed: t('reviews.loadFailed'), loadMore: t('loadMore'), loadingMore: t('loadingMore') }}
      empty={<EmptyState message={t('reviews.empty')} />}
    >
      {(reviews) => (
        <Stack gap="sm">
          {reviews.map((r) => (
            <Card key={r.id} component="article" withBorder padding="sm" aria-label={r.authorName || t('reviews.anonymous')}>
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <Stars value={r.rating} size={16} label={t('rating.stars', { rating: r.rating })} />
                  <Text fw={600} size="sm">
                    {r.authorName || t('reviews.anonymous')}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  <time dateTime={r.createdAt}>{formatDate(r.createdAt, i18n.language)}</time>
                  {r.updatedAt !== r.createdAt && ` · ${t('reviews.edited')}`}
                </Text>
              </Group>
              <Text size="sm" mt={4} className={classes.message}>
                {r.comment}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </PagedList>
  );
}
