import { Anchor, PasswordInput, TextInput } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isJobSeeker, signInBody, type SignInBody } from '@caribconnect/shared';
import { alertDialog } from '../../../components/alert-dialog';
import { ApiError } from '../../../lib/api-client';
import { paths, safeReturnTo } from '../../../lib/paths';
import { useSignIn } from '../api/sign-in';
import { AuthForm } from '../components/auth-form';

export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const signIn = useSignIn();
  const form = useForm<SignInBody>({ initialValues: { email: '', password: '' }, validate: schemaResolver(signInBody, { sync: true }) });

  const submit = form.onSubmit(async (values) => {
    try {
      const user = await signIn.mutateAsync(values);
      if (!user) throw new ApiError(t('auth.failedToFetchRole'), 0);
      if (user.role === 'admin') return navigate(returnTo ?? paths.admin.to());
      if (user.role === 'employer') return navigate(returnTo ?? paths.employerHome.to());
      if (isJobSeeker(user.role)) return navigate(returnTo ?? paths.jobSeekerHome.to());
      if (user.role === 'consultant') return navigate(returnTo ?? paths.consultantHome.to());
      await alertDialog(t('auth.unknownRole'));
      navigate(paths.myProfile.to());
    } catch {
      // The message is shown below the form from the mutation's error.
    }
  });

  const error = signIn.error ? (signIn.error instanceof ApiError ? signIn.error.message : t('auth.loginUnexpected')) : null;
  return (
    <AuthForm
      title={t('auth.loginTitle')}
      onSubmit={submit}
      error={error}
      submitLabel={t('auth.loginButton')}
      pending={signIn.isPending}
      other={{ question: t('auth.noAccount'), label: t('nav.signUp'), to: '/signup' }}
    >
      <TextInput label={t('auth.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
      <PasswordInput label={t('auth.password')} autoComplete="current-password" required {...form.getInputProps('password')} />
      <Anchor component={Link} to="/forgot-password" size="sm">
        {t('auth.forgotPassword')}
      </Anchor>
    </AuthForm>
  );
}
