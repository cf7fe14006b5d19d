import { Alert, Button, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { createFeedbackBody, FEEDBACK_MESSAGE_MAX, type CreateFeedbackBody } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { useErrorText } from '../../../lib/errors';
import { formValidator } from '../../../lib/form-validator';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useSubmitFeedback } from '../api/submit-feedback';

/** Spec: Submit Feedback, optional name, required message. */
export default function FeedbackScreen() {
  const { t } = useTranslation('feedback');
  const errorText = useErrorText();
  const submit = useSubmitFeedback();
  const idempotency = useIdempotencyKey();
  const form = useForm<CreateFeedbackBody>({
    initialValues: { name: '', message: '' },
    validate: formValidator<CreateFeedbackBody>(createFeedbackBody),
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

  const failure = submit.error ? errorText(submit.error) : null;

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
          <Textarea label={t('message')} required autosize minRows={5} maxRows={12} maxLength={FEEDBACK_MESSAGE_MAX} {...form.getInputProps('message')} />
          <Button type="submit" loading={submit.isPending} loaderProps={{ 'aria-label': t('submitting') }}>
            {t('submit')}
          </Button>
        </Stack>
      </Paper>
    </Page>
  );
}
