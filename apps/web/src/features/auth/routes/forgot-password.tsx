import { Alert, Anchor, Button, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forgotPasswordBody } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { useRequestPasswordReset } from '../api/password-reset';
import { useErrorText } from '../../../lib/errors';
import { formValidator } from '../../../lib/form-validator';
import { paths } from '../../../lib/paths';

export default function ForgotPasswordScreen() {
  const { t } = useTranslation(['common', 'auth']);
  const errorText = useErrorText();
  const request = useRequestPasswordReset();
  const form = useForm({ initialValues: { email: '' }, validate: formValidator<{ email: string }>(forgotPasswordBody) });
  return (
    <Page title={t('auth:forgotTitle')} size="xs">
      <Paper withBorder p="lg" component="form" noValidate aria-label={t('auth:forgotTitle')} onSubmit={form.onSubmit((v) => request.mutate(v.email))}>
        <Stack>
          <Text size="sm">{t('auth:forgotIntro')}</Text>
          {request.isSuccess && (
            <Alert color="green" role="status">
              {t('auth:resetSent')}
            </Alert>
          )}
          {request.error && (
            <Alert color="red" role="alert">
              {errorText(request.error)}
            </Alert>
          )}
          <TextInput label={t('auth:email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
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
