import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { FULL_NAME_MAX, signUpBody, type SignUpBody } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { toast } from '../../../components/toast';
import { SearchableSelect } from '../../../components/searchable-select/searchable-select';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { useFormEcho } from '../../../lib/form-post';
import { useAdoptTypedValues } from '../../../lib/use-typed-before-hydration';
import { formValidator } from '../../../lib/form-validator';
import { useSignUp } from '../api/sign-up';
import { AuthForm } from '../components/auth-form';
import { paths, safeReturnTo } from '../../../lib/paths';
import { pageLanguage } from '../../../lib/language';

export default function SignUpScreen() {
  const { t, i18n } = useTranslation(['common', 'auth']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const signUp = useSignUp();
  // A sign-up posted before the scripts ran and refused: the page came back with what was typed and why.
  const echo = useFormEcho();
  const preselected = echo.values.role || params.get('role');
  const returnTo = safeReturnTo(params.get('returnTo'));
  const roles = [
    { value: 'jobseeker', label: t('auth:jobSeeker') },
    { value: 'employer', label: t('auth:employer') },
  ];
  // A role from the link that is not offered still goes to the server, which answers it with the
  // spec's alert; the form never offers it.
  if (preselected && !roles.some((r) => r.value === preselected)) roles.push({ value: preselected, label: preselected });
  const form = useForm<SignUpBody>({
    initialValues: { fullName: echo.values.fullName ?? '', email: echo.values.email ?? '', password: '', role: preselected ?? 'jobseeker' },
    validate: formValidator<SignUpBody>(signUpBody),
  });
  const formRef = useAdoptTypedValues((name, value) => form.setFieldValue(name as keyof SignUpBody, value));

  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [showEcho, setShowEcho] = useState(true);
  const shown = failure ?? (showEcho && echo.error ? errorText(echo.error, t('auth:signupUnexpected')) : null);

  // Posted before the scripts ran, the server answers with ?sent=1, as the script does with its request.
  const sent = signUp.isSuccess || (signUp.isIdle && params.get('sent') === '1');

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setShowEcho(false);
    try {
      // Where they were going (a Save, an Apply…): the confirmation link brings them back there (decision 0069).
      await signUp.mutateAsync({ ...values, language: pageLanguage(i18n), ...(returnTo ? { returnTo } : {}) });
    } catch (err) {
      // The spec's two alerts, in the reader's language; any other failure below the form.
      if (err instanceof ApiError && (err.code === 'ADMIN_SIGNUP_FORBIDDEN' || err.code === 'UNKNOWN_ROLE')) {
        toast(errorText(err), 'error');
        if (err.code === 'UNKNOWN_ROLE') navigate(paths.myProfile.to());
        return;
      }
      return setFailure(errorText(err, t('auth:signupUnexpected')));
    }
  });

  if (sent) {
    return (
      <Page title={t('auth:signupTitle')} size="xs">
        <Paper withBorder p="lg">
          <Stack>
            <Alert color="green" role="status" title={t('auth:signupSent')} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
              <Text size="sm">{t('auth:signupSentHint')}</Text>
            </Alert>
            <Button component={Link} to={paths.login.to(returnTo ?? undefined)}>
              {t('nav.logIn')}
            </Button>
          </Stack>
        </Paper>
      </Page>
    );
  }

  return (
    <AuthForm
      title={t('auth:signupTitle')}
      action={location.pathname + location.search}
      formRef={formRef}
      onSubmit={submit}
      error={shown}
      submitLabel={t('auth:signupButton')}
      pending={signUp.isPending}
      other={{ question: t('auth:haveAccount'), label: t('nav.logIn'), to: paths.login.to(returnTo ?? undefined) }}
    >
      {/* The page's language, saved on the account when the form is posted before the scripts run. */}
      <input type="hidden" name="language" value={pageLanguage(i18n)} />
      {/* Not in the spec's form: optional, so homes can greet the person by name. */}
      <TextInput
        label={t('auth:fullName')}
        description={t('auth:fullNameHint')}
        name="fullName"
        autoComplete="name"
        maxLength={FULL_NAME_MAX}
        {...form.getInputProps('fullName')}
      />
      <TextInput label={t('auth:email')} name="email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
      <PasswordInput
        label={t('auth:password')}
        name="password"
        description={t('auth:passwordHint')}
        autoComplete="new-password"
        required
        {...form.getInputProps('password')}
      />
      {/* Its value travels in a hidden input named role: before the scripts run, the preselected one.
          Mantine's Select loads when someone reaches for it, so the page's first load is 36 KB lighter. */}
      <SearchableSelect
        label={t('auth:role')}
        name="role"
        data={roles}
        searchable={false}
        required
        value={form.values.role}
        onChange={(role) => role && form.setFieldValue('role', role)}
      />
    </AuthForm>
  );
}
