import { Anchor, PasswordInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { isJobSeeker, readingRole, signInBody, type SessionUser, type SignInBody } from '@caribconnect/shared';
import i18n from '../../../lib/i18n';
import { toast } from '../../../components/toast';
import { useErrorText } from '../../../lib/errors';
import { useFormEcho } from '../../../lib/form-post';
import { useAdoptTypedValues } from '../../../lib/use-typed-before-hydration';
import { formValidator } from '../../../lib/form-validator';
import { paths, safeReturnTo } from '../../../lib/paths';
import { UserReadError, useSignIn } from '../api/sign-in';
import { AuthForm } from '../components/auth-form';
import { TwoFactorStep } from '../components/two-factor-step';

export default function LoginScreen() {
  const { t } = useTranslation(['common', 'auth']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const location = useLocation();
  const signIn = useSignIn();
  // A sign-in posted before the scripts ran and refused: the page came back with the email and why.
  const echo = useFormEcho();
  const form = useForm<SignInBody>({ initialValues: { email: echo.values.email ?? '', password: '' }, validate: formValidator<SignInBody>(signInBody) });
  const formRef = useAdoptTypedValues((name, value) => form.setFieldValue(name as keyof SignInBody, value));

  const errorText = useErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const [showEcho, setShowEcho] = useState(true);
  const shown = failure ?? (showEcho && echo.error ? errorText(echo.error, t('auth:loginUnexpected')) : null);

  // With two-step sign-in on, the code comes next; a page posted before the scripts ran lands on ?step=code or /login/code.
  const [codeStep, setCodeStep] = useState(params.get('step') === 'code' || location.pathname === '/login/code');

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    setShowEcho(false);
    let answer;
    try {
      answer = await signIn.mutateAsync(values);
    } catch (err) {
      // The auth message in the reader's language (the spec shows it as is), else the spec's own sentences.
      return setFailure(err instanceof UserReadError ? t('auth:failedToFetchUser') : errorText(err, t('auth:loginUnexpected')));
    }
    if (answer.twoFactor) return setCodeStep(true);
    await goHome(answer.user);
  });

  async function goHome(user: SessionUser | null) {
    if (!user?.role) return setFailure(t('auth:failedToFetchRole'));
    // A muted person may sign in and read: they go where the role they had goes, and that home says
    // they are muted (decision 0026). Only a role nobody knows gets the spec's unknown-role alert.
    const role = readingRole(user);
    if (role === 'admin') return navigate(returnTo ?? paths.admin.to());
    if (role === 'employer') return navigate(returnTo ?? paths.employerHome.to());
    if (isJobSeeker(role)) return navigate(returnTo ?? paths.jobSeekerHome.to());
    if (role === 'consultant') return navigate(returnTo ?? paths.consultantHome.to());
    if (user.role === 'muted') {
      // Muted before the role was kept: no home to send them to, but no "unknown role" either.
      await i18n.loadNamespaces('errors').catch(() => undefined);
      toast(t('errors:ACCOUNT_MUTED'), 'error');
      return navigate(paths.myProfile.to());
    }
    // The spec's alert, as a toast that stays over the next screen: no extra tap before it.
    toast(t('auth:unknownRole'), 'error');
    navigate(paths.myProfile.to());
  }

  if (codeStep) return <TwoFactorStep returnTo={returnTo} onSignedIn={(user) => void goHome(user)} />;
  return (
    <AuthForm
      title={t('auth:loginTitle')}
      action={location.pathname + location.search}
      formRef={formRef}
      onSubmit={submit}
      error={shown}
      submitLabel={t('auth:loginButton')}
      pending={signIn.isPending}
      other={{ question: t('auth:noAccount'), label: t('nav.signUp'), to: paths.signup.to(undefined, returnTo ?? undefined) }}
    >
      <TextInput label={t('auth:email')} name="email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
      <PasswordInput label={t('auth:password')} name="password" autoComplete="current-password" required {...form.getInputProps('password')} />
      <Anchor component={Link} to={paths.forgotPassword.to()} size="sm">
        {t('auth:forgotPassword')}
      </Anchor>
    </AuthForm>
  );
}
