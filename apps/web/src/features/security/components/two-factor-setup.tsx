import { Alert, Button, Code, Image, List, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import qrcode from 'qrcode-generator';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useErrorText } from '../../../lib/errors';
import { useConfirmTwoFactor, useEnableTwoFactor } from '../api/security';

/** The otpauth:// address as a QR code image (an SVG data URL: nothing leaves the page). */
function qrDataUrl(uri: string) {
  const qr = qrcode(0, 'M');
  qr.addData(uri);
  qr.make();
  return `data:image/svg+xml;utf8,${encodeURIComponent(qr.createSvgTag({ cellSize: 4, margin: 2, scalable: true }))}`;
}

/**
 * Turning on two-step sign-in: the password, then the QR code and the same secret as text (for a
 * phone that cannot scan its own screen), the backup codes, and a first code from the app.
 */
export function TwoFactorSetup({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation('security');
  const errorText = useErrorText();
  const enable = useEnableTwoFactor();
  const confirm = useConfirmTwoFactor();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const start = (e: FormEvent) => {
    e.preventDefault();
    enable.mutate(password);
  };
  const finish = (e: FormEvent) => {
    e.preventDefault();
    confirm.mutate(code.trim(), { onSuccess: () => onDone?.() });
  };

  if (!enable.data) {
    return (
      <form onSubmit={start} noValidate aria-label={t('twoFactor.setUp')}>
        <Stack>
          <Text size="sm">{t('twoFactor.passwordFirst')}</Text>
          {enable.error && (
            <Alert color="red" role="alert">
              {errorText(enable.error)}
            </Alert>
          )}
          <PasswordInput
            label={t('twoFactor.password')}
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
          />
          <Button type="submit" loading={enable.isPending}>
            {t('twoFactor.continue')}
          </Button>
        </Stack>
      </form>
    );
  }

  const secret = new URL(enable.data.totpURI).searchParams.get('secret') ?? '';
  return (
    <form onSubmit={finish} noValidate aria-label={t('twoFactor.setUp')}>
      <Stack>
        <Text size="sm">{t('twoFactor.scan')}</Text>
        <Image src={qrDataUrl(enable.data.totpURI)} alt={t('twoFactor.qrAlt')} w={200} h={200} fit="contain" />
        <div>
          <Text size="sm" fw={600} id="totp-secret-label">
            {t('twoFactor.secretLabel')}
          </Text>
          <Code block aria-labelledby="totp-secret-label" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
            {secret}
          </Code>
        </div>
        <div>
          <Title order={3} size="h5">
            {t('twoFactor.backupHeading')}
          </Title>
          <Text size="sm">{t('twoFactor.backupHint')}</Text>
          <List size="sm" ff="monospace">
            {enable.data.backupCodes.map((c) => (
              <List.Item key={c}>{c}</List.Item>
            ))}
          </List>
        </div>
        {confirm.error && (
          <Alert color="red" role="alert">
            {errorText(confirm.error)}
          </Alert>
        )}
        <TextInput
          label={t('twoFactor.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Button type="submit" loading={confirm.isPending}>
          {t('twoFactor.confirm')}
        </Button>
      </Stack>
    </form>
  );
}
