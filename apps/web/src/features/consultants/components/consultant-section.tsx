import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsultantDetail } from '@caribconnect/shared';
import { useMe } from '../../../lib/session';
import { useConsultant } from '../api/get-consultant';
import { ContactButton } from './contact-button';
import { RatingSummary } from './rating-summary';
import { ReviewForm } from './review-form';
import { ReviewList } from './review-list';

/**
 * The consultant block under a profile (/profile, /profile/{userId}): rating, contact, your review
 * and everyone's reviews. The app renders it only for people whose profile says they have a
 * consultant record, so nobody else's profile asks for one and gets a 404.
 */
export function ConsultantSection({ userId }: { userId: string }) {
  const { user } = useMe();
  const query = useConsultant(userId);
  if (!query.data) return null;
  return <Section key={`${userId}-${user?.id ?? ''}`} consultant={query.data} />;
}

function Section({ consultant: c }: { consultant: ConsultantDetail }) {
  const { t } = useTranslation('consultants');
  const [editing, setEditing] = useState(false);
  const mine = c.viewer.myReview;
  const formOpen = c.viewer.canReview || (mine !== null && editing);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="md" mt="lg" component="section" aria-labelledby="consultant-services">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h3" id="consultant-services">
            {t('section.heading')}
          </Title>
          {!c.viewer.isSelf && <ContactButton consultant={c} label={t('section.contactAction')} />}
        </Group>
        {/* Before the first review the list below says so; the rating line would say it a second time. */}
        {c.reviewCount > 0 && <RatingSummary rating={c.rating} reviewCount={c.reviewCount} size="md" />}
        {c.contactInfo && <Text>{c.contactInfo}</Text>}

        {formOpen && (
          <Paper withBorder p="md" radius="md" bg="gray.0">
            <Title order={3} size="h4" mb="sm">
              {mine ? t('reviews.editYours') : t('reviews.leave')}
            </Title>
            <ReviewForm consultantId={c.userId} existing={mine} onDone={() => setEditing(false)} />
          </Paper>
        )}
        {mine && !editing && (
          <Group gap="sm">
            <Text size="sm" c="dimmed">
              {t('reviews.yours')}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => setEditing(true)}>
              {t('reviews.edit')}
            </Button>
          </Group>
        )}
        {!c.viewer.isSelf && !c.viewer.hasRequested && (
          <Text size="sm" c="dimmed">
            {t('reviews.afterRequest')}
          </Text>
        )}

        <Title order={3} size="h4">
          {t('reviews.title')}
        </Title>
        <ReviewList consultantId={c.userId} />
      </Stack>
    </Paper>
  );
}
