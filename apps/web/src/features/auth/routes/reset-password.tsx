import { Alert, Anchor, Button, Paper, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { z } from 'zod';
import { passwordSchema } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { useResetPassword } from '../api/password-reset';
import { useErrorText } from '../../../lib/errors';
import { formValidator } from '../../../lib/form-validator';
import { paths } from '../../../lib/paths';

export default function ResetPasswordScreen() {
  const { t } = useTranslation(['common', 'auth']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const errorText = useErrorText();
  // The shared schema checks the password; that the two match is this screen's own rule.
  const validateSchema = formValidator<{ newPassword: string }>(z.object({ newPassword: passwordSchema }));
  const form = useForm({
    initialValues: { newPassword: '', confirm: '' },
    validate: (values) => ({ ...validateSchema(values), ...(values.confirm === values.newPassword ? {} : { confirm: t('auth:passwordsDiffer') }) }),
  });

  if (!token || params.get('error')) {
    return (
      <Page title={t('auth:resetTitle')} size="xs">
        <Alert color="red" role="alert">
          {t('auth:resetInvalid')}
        </Alert>
        <Anchor component={Link} to={paths.forgotPassword.to()} mt="md" display="block">
          {t('auth:forgotPassword')}
        </Anchor>
      </Page>
    );
  }
  return (
    <Page title={t('auth:resetTitle')} size="xs">
      {reset.isSuccess ? (
        <Stack>
          <Alert color="green" role="status">
            {t('auth:resetDone')}
          </Alert>
          <Button component={Link} to={paths.login.to()}>
            {t('auth:loginButton')}
          </Button>
        </Stack>
      ) : (
        <Paper
          withBorder
          p="lg"
          component="form"
          noValidate
          aria-label={t('auth:resetTitle')}
          onSubmit={form.onSubmit((v) => reset.mutate({ token, newPassword: v.newPassword }))}
        >
          <Stack>
            {reset.error && (
              <Alert color="red" role="alert">
                {errorText(reset.error)}
              </Alert>
            )}
            <PasswordInput
              label={t('auth:newPassword')}
              description={t('auth:passwordHint')}
              autoComplete="new-password"
              required
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput label={t('auth:confirmPassword')} autoComplete="new-password" required {...form.getInputProps('confirm')} />
            <Button type="submit" loading={reset.isPending} fullWidth>
              {t('auth:setPassword')}
            </Button>
          </Stack>
        </Paper>
      )}
    </Page>
  );
}
