import '@mantine/core/styles/Rating.css';
import { Alert, Button, Group, Input, Loader, Rating, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from '../../../lib/use-translation';
import { REVIEW_COMMENT_MAX, reviewInput, type Review, type ReviewInput } from '@caribconnect/shared';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/errors';
import { useSaveReview } from '../api/save-review';

const SCHEMA_MESSAGES: Record<string, string> = {
  'Please choose 1 to 5 stars.': 'reviews.errors.rating',
  'Review is required.': 'reviews.errors.comment',
};

/** 1-5 stars and a short text; the first save creates the review, later ones edit it. */
export function ReviewForm({ consultantId, existing, onDone }: { consultantId: string; existing: Review | null; onDone: () => void }) {
  const { t } = useTranslation('consultants');
  const errorText = useErrorText();
  const save = useSaveReview(consultantId);
  const form = useForm<ReviewInput>({
    initialValues: { rating: existing?.rating ?? 0, comment: existing?.comment ?? '' },
    validate: schemaResolver(reviewInput, { sync: true }),
  });
  const message = (name: keyof ReviewInput) => {
    const error = form.errors[name];
    return typeof error === 'string' ? t(SCHEMA_MESSAGES[error] ?? '', { defaultValue: error }) : undefined;
  };

  const submit = form.onSubmit((body) =>
    save.mutate(
      { body, editing: existing !== null },
      {
        onSuccess: () => {
          toast(t('reviews.saved'));
          onDone();
        },
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {save.isError && (
          <Alert color="red" role="alert" title={t('reviews.failed')}>
            {errorText(save.error)}
          </Alert>
        )}
        <Input.Wrapper label={t('reviews.stars')} required error={message('rating')} id="review-stars">
          <Rating
            value={form.values.rating}
            onChange={(value) => form.setFieldValue('rating', value)}
            size="lg"
            getSymbolLabel={(value) => t('reviews.starsLabel', { count: value })}
            aria-labelledby="review-stars-label"
          />
        </Input.Wrapper>
        <Textarea
          label={t('reviews.comment')}
          description={t('reviews.commentHint')}
          required
          autosize
          minRows={2}
          maxRows={6}
          maxLength={REVIEW_COMMENT_MAX}
          {...form.getInputProps('comment')}
          error={message('comment')}
        />
        <Group gap="sm">
          <Button type="submit" disabled={save.isPending} leftSection={save.isPending ? <Loader size={14} color="gray" aria-hidden /> : undefined}>
            {save.isPending ? t('reviews.saving') : existing ? t('reviews.update') : t('reviews.submit')}
          </Button>
          {existing && (
            <Button variant="default" onClick={onDone} disabled={save.isPending}>
              {t('reviews.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
