import '@mantine/core/styles/Radio.css';
import { Alert, Button, Group, Paper, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { COMPANY_NAME_MAX, FULL_NAME_MAX, signUpBody, type SignUpBody } from '@caribconnect/shared';
import { Page } from '../../../components/page';
import { toast } from '../../../components/toast';
import classes from './signup.module.css';
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
  // From an invitation's page (issue 44): the account joins that company, so no company is named here.
  const invitation = params.get('invitation');
  const preselected = echo.values.role || params.get('role') || (invitation ? 'employer' : null);
  const returnTo = safeReturnTo(params.get('returnTo'));
  const roles = [
    { value: 'jobseeker', label: t('auth:jobSeeker') },
    { value: 'employer', label: t('auth:employer') },
  ];
  // A role from the link that is not offered still goes to the server, which answers it with the
  // spec's alert; the form never offers it.
  if (preselected && !roles.some((r) => r.value === preselected)) roles.push({ value: preselected, label: preselected });
  const form = useForm<SignUpBody>({
    // No role is chosen for the person (issue 48): the radios start empty unless the link or a refused post named one.
    initialValues: {
      fullName: echo.values.fullName ?? '',
      email: echo.values.email ?? params.get('email') ?? '',
      password: '',
      role: preselected ?? '',
      companyName: echo.values.companyName ?? '',
    },
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
      const { companyName, ...rest } = values;
      // Only an employer's sign-up names a company (the field is hidden for job seekers). Where they were
      // going (a Save, an Apply…): the confirmation link brings them back there (decision 0069).
      await signUp.mutateAsync({
        ...rest,
        ...(values.role === 'employer' && !invitation && { companyName }),
        ...(invitation ? { invitation } : {}),
        language: pageLanguage(i18n),
        ...(returnTo ? { returnTo } : {}),
      });
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
      {invitation && (
        <>
          <input type="hidden" name="invitation" value={invitation} />
          <Alert color="blue" title={t('auth:invitationTitle')} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            <Text size="sm">{t('auth:invitationHint')}</Text>
          </Alert>
        </>
      )}
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
      {/* Native radios named role: a person can choose before the scripts run (issue 48, item 4), and
          none is chosen for them: the server refuses a sign-up without one. */}
      <Radio.Group
        label={t('auth:role')}
        name="role"
        required
        value={form.values.role}
        onChange={(role) => form.setFieldValue('role', role)}
        error={form.errors.role}
      >
        <Group mt="xs">
          {roles.map((r) => (
            <Radio key={r.value} value={r.value} label={r.label} required />
          ))}
        </Group>
      </Radio.Group>
      {/* An employer's sign-up creates their company (issue 44). Hidden by CSS while Job Seeker is
          chosen, so it works the same before and after the scripts. */}
      {!invitation && (
        <div className={classes.companyField}>
          <TextInput
            label={t('auth:companyName')}
            description={t('auth:companyNameHint')}
            name="companyName"
            autoComplete="organization"
            maxLength={COMPANY_NAME_MAX}
            {...form.getInputProps('companyName')}
          />
        </div>
      )}
    </AuthForm>
  );
}
