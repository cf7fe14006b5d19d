import { Button, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { AuthForm } from './auth-form';
import { useFormEcho } from '../../../lib/form-post';
import { useAdoptTypedValues } from '../../../lib/use-typed-before-hydration';
import { useErrorText } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { useVerifySecondFactor } from '../api/sign-in';
import type { SessionUser } from '@caribconnect/shared';

/**
 * The second step of signing in with two-step sign-in on: the code from the authenticator app, or
 * one backup code. A real form too (POST /login/code), for a page whose scripts have not run.
 */
export function TwoFactorStep({ returnTo, onSignedIn }: { returnTo: string | null; onSignedIn: (user: SessionUser | null) => void }) {
  const { t } = useTranslation(['common', 'auth']);
  const errorText = useErrorText();
  const echo = useFormEcho();
  const [backup, setBackup] = useState(echo.values.backup === '1');
  const [code, setCode] = useState('');
  const [showEcho, setShowEcho] = useState(true);
  const verify = useVerifySecondFactor();
  const formRef = useAdoptTypedValues((name, value) => name === 'code' && setCode(value));
  const failure = verify.error
    ? errorText(verify.error, t('auth:loginUnexpected'))
    : showEcho && echo.error
      ? errorText(echo.error, t('auth:loginUnexpected'))
      : null;

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setShowEcho(false);
    verify.mutate({ code: code.trim(), backup }, { onSuccess: onSignedIn });
  };
  const query = returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : '';
  return (
    <AuthForm
      title={t('auth:twoFactorTitle')}
      action={`/login/code${query}`}
      formRef={formRef}
      onSubmit={submit}
      error={failure}
      submitLabel={t('auth:verifyButton')}
      pending={verify.isPending}
      other={{ question: t('auth:noAccount'), label: t('nav.signUp'), to: paths.signup.to(undefined, returnTo ?? undefined) }}
    >
      <input type="hidden" name="backup" value={backup ? '1' : ''} />
      <TextInput
        key={backup ? 'backup' : 'app'}
        label={backup ? t('auth:twoFactorBackupCode') : t('auth:twoFactorCode')}
        description={backup ? t('auth:twoFactorBackupIntro') : t('auth:twoFactorIntro')}
        name="code"
        inputMode={backup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        maxLength={backup ? 40 : 6}
        required
        autoFocus
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
      />
      <Button variant="subtle" size="compact-sm" type="button" onClick={() => setBackup((b) => !b)} style={{ alignSelf: 'flex-start' }}>
        {backup ? t('auth:useAppCode') : t('auth:useBackupCode')}
      </Button>
    </AuthForm>
  );
}
