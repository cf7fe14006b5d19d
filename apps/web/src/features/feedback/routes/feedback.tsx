import { Alert, Button, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { createFeedbackBody, FEEDBACK_MESSAGE_MAX, type CreateFeedbackBody } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { ApiError } from '../../../lib/api-client';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useSubmitFeedback } from '../api/submit-feedback';

// The shared schema speaks English; these are its messages' keys in the catalog.
const SCHEMA_MESSAGES: Record<string, string> = {
  'Message cannot be empty.': 'messageEmpty',
  [`Message must be at most ${FEEDBACK_MESSAGE_MAX} characters.`]: 'messageTooLong',
};


/** Spec: Submit Feedback, optional name, required message. */
export default function FeedbackScreen() {
  const { t } = useTranslation('feedback');
  const submit = useSubmitFeedback();
  const idempotency = useIdempotencyKey();
  const form = useForm<CreateFeedbackBody>({
    initialValues: { name: '', message: '' },
    validate: schemaResolver(createFeedbackBody, { sync: true }),
  });

  const onSubmit = form.onSubmit((values) => {
    submit.mutate(
      { ...values, idempotencyKey: idempotency.keyFor(values) },
      {
        onSuccess: () => {
          idempotency.reset();
          form.reset();
        },
      },
    );
  });

  const messageError = form.errors.message ? t(SCHEMA_MESSAGES[String(form.errors.message)] ?? 'messageEmpty', { max: FEEDBACK_MESSAGE_MAX }) : undefined;
  const failure = submit.error ? (submit.error instanceof ApiError ? submit.error.message : t('unexpected')) : null;

  return (
    <Page title={t('title')} size="sm">
      <Text c="dimmed" mb="md">
        {t('intro')}
      </Text>
      <Paper withBorder p="lg" component="form" onSubmit={onSubmit} noValidate aria-label={t('title')}>
        <Stack>
          {submit.isSuccess && (
            <Alert color="green" role="status">
              {t('success')}
            </Alert>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {t('failed', { message: failure })}
            </Alert>
          )}
          <TextInput label={t('name')} description={t('optional')} autoComplete="name" maxLength={120} {...form.getInputProps('name')} />
          <Textarea
            label={t('message')}
            required
            autosize
            minRows={5}
            maxRows={12}
            maxLength={FEEDBACK_MESSAGE_MAX}
            {...form.getInputProps('message')}
            error={messageError}
          />
          <Button type="submit" loading={submit.isPending} loaderProps={{ 'aria-label': t('submitting') }}>
            {t('submit')}
          </Button>
        </Stack>
      </Paper>
    </Page>
  );
}
