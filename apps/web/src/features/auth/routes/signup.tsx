import { PasswordInput, Select, TextInput } from '@mantine/core';
import { useForm, schemaResolver } from '@mantine/form';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isJobSeeker, signUpBody, type SignUpBody } from '@caribconnect/shared';
import { alertDialog } from '../../../components/alert-dialog';
import { ApiError } from '../../../lib/api-client';
import { useSignUp } from '../api/sign-up';
import { AuthForm } from '../components/auth-form';

export default function SignUpScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signUp = useSignUp();
  const preselected = params.get('role');
  const roles = [
    { value: 'jobseeker', label: t('auth.jobSeeker') },
    { value: 'employer', label: t('auth.employer') },
  ];
  // A role from the link that is not offered still goes to the server, which answers it with the
  // spec's alert; the form never offers it.
  if (preselected && !roles.some((r) => r.value === preselected)) roles.push({ value: preselected, label: preselected });
  const form = useForm<SignUpBody>({
    initialValues: { email: '', password: '', role: preselected ?? 'jobseeker' },
    validate: schemaResolver(signUpBody, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const { user } = await signUp.mutateAsync(values);
      if (!user?.id) throw new ApiError(t('auth.userIdNotReturned'), 0);
      if (user.role === 'employer') return navigate('/employer/home');
      if (isJobSeeker(user.role)) return navigate('/job-seeker/home');
      await alertDialog(t('auth.unknownRole'));
      navigate('/profile');
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'ADMIN_SIGNUP_FORBIDDEN' || err.code === 'UNKNOWN_ROLE')) {
        await alertDialog(err.message);
        if (err.code === 'UNKNOWN_ROLE') navigate('/profile');
      }
    }
  });

  const error = signUp.error;
  const shownAsDialog = error instanceof ApiError && (error.code === 'ADMIN_SIGNUP_FORBIDDEN' || error.code === 'UNKNOWN_ROLE');
  return (
    <AuthForm
      title={t('auth.signupTitle')}
      onSubmit={submit}
      error={error && !shownAsDialog ? (error instanceof ApiError ? error.message : t('auth.signupUnexpected')) : null}
      submitLabel={t('auth.signupButton')}
      pending={signUp.isPending}
      other={{ question: t('auth.haveAccount'), label: t('nav.logIn'), to: '/login' }}
    >
      <TextInput label={t('auth.email')} type="email" autoComplete="email" required {...form.getInputProps('email')} />
      <PasswordInput label={t('auth.password')} description={t('auth.passwordHint')} autoComplete="new-password" required {...form.getInputProps('password')} />
      <Select label={t('auth.role')} data={roles} allowDeselect={false} required {...form.getInputProps('role')} />
    </AuthForm>
  );
}
