import { Alert, Button, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useLocation, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { createFeedbackBody, FEEDBACK_MESSAGE_MAX, type CreateFeedbackBody } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { useErrorText } from '../../../lib/errors';
import { useFormEcho } from '../../../lib/form-post';
import { useAdoptTypedValues } from '../../../lib/use-typed-before-hydration';
import { formValidator } from '../../../lib/form-validator';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';
import { useSubmitFeedback } from '../api/submit-feedback';

/** Spec: Submit Feedback, optional name, required message. */
export default function FeedbackScreen() {
  const { t } = useTranslation('feedback');
  const errorText = useErrorText();
  const submit = useSubmitFeedback();
  const idempotency = useIdempotencyKey();
  const location = useLocation();
  const [params] = useSearchParams();
  // Posted before the scripts ran: the server saves it and comes back here with ?sent=1, or
  // re-renders the page with what was typed and why it was refused (lib/form-post.ts).
  const echo = useFormEcho();
  const [showEcho, setShowEcho] = useState(true);
  const form = useForm<CreateFeedbackBody>({
    initialValues: { name: echo.values.name ?? '', message: echo.values.message ?? '' },
    validate: formValidator<CreateFeedbackBody>(createFeedbackBody),
  });
  const formRef = useAdoptTypedValues((name, value) => form.setFieldValue(name as 'name' | 'message', value));

  const onSubmit = form.onSubmit((values) => {
    setShowEcho(false);
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

  const error = submit.error ?? (showEcho ? echo.error : null);
  const failure = error ? errorText(error) : null;
  const sent = submit.isSuccess || (submit.isIdle && showEcho && params.get('sent') === '1');

  return (
    <Page title={t('title')} size="sm">
      <Text c="dimmed" mb="md">
        {t('intro')}
      </Text>
      <Paper withBorder p="lg" component="form" method="post" action={location.pathname} ref={formRef} onSubmit={onSubmit} noValidate aria-label={t('title')}>
        <Stack>
          {sent && (
            <Alert color="green" role="status">
              {t('success')}
            </Alert>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {t('failed', { message: failure })}
            </Alert>
          )}
          <TextInput label={t('name')} name="name" description={t('optional')} autoComplete="name" maxLength={120} {...form.getInputProps('name')} />
          <Textarea
            label={t('message')}
            name="message"
            required
            autosize
            minRows={5}
            maxRows={12}
            maxLength={FEEDBACK_MESSAGE_MAX}
            {...form.getInputProps('message')}
          />
          <Button type="submit" loading={submit.isPending} loaderProps={{ 'aria-label': t('submitting') }}>
            {t('submit')}
          </Button>
        </Stack>
      </Paper>
    </Page>
  );
}
