import { Alert, Anchor, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { forgotPasswordBody } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { useRequestPasswordReset } from '../api/password-reset';
import { useErrorText } from '../../../lib/errors';
import { useFormEcho } from '../../../lib/form-post';
import { useAdoptTypedValues } from '../../../lib/use-typed-before-hydration';
import { formValidator } from '../../../lib/form-validator';
import { paths } from '../../../lib/paths';

export default function ForgotPasswordScreen() {
  const { t } = useTranslation(['common', 'auth']);
  const errorText = useErrorText();
  const location = useLocation();
  const [params] = useSearchParams();
  const request = useRequestPasswordReset();
  // Posted before the scripts ran: the server sends the link and comes back here with ?sent=1, or
  // re-renders the page with the email and why it was refused (lib/form-post.ts).
  const echo = useFormEcho();
  const [showEcho, setShowEcho] = useState(true);
  const form = useForm({ initialValues: { email: echo.values.email ?? '' }, validate: formValidator<{ email: string }>(forgotPasswordBody) });
  const formRef = useAdoptTypedValues((name, value) => form.setFieldValue(name as 'email', value));
  const sent = request.isSuccess || (request.isIdle && params.get('sent') === '1');
  const failure = request.error ?? (showEcho ? echo.error : null);
  const submit = form.onSubmit((v) => {
    setShowEcho(false);
    request.mutate(v.email);
  });
  return (
    <Page title={t('auth:forgotTitle')} size="xs">
      <Paper
        withBorder
        p="lg"
        component="form"
        method="post"
        action={location.pathname}
        ref={formRef}
        noValidate
        aria-label={t('auth:forgotTitle')}
        onSubmit={submit}
      >
        <Stack>
          <Text size="sm">{t('auth:forgotIntro')}</Text>
          {sent && (
            <Alert color="green" role="status">
              {t('auth:resetSent')}
            </Alert>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {errorText(failure)}
            </Alert>
          )}
          <TextInput label={t('auth:email')} name="email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <Button type="submit" loading={request.isPending} fullWidth>
            {t('auth:sendResetLink')}
          </Button>
          <Anchor component={Link} to={paths.login.to()} size="sm">
            {t('auth:backToLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </Page>
  );
}
