import { Button, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../lib/use-translation';
import { api } from '../lib/api-client';
import { useErrorText } from '../lib/errors';
import { useMe } from '../lib/session';
import { Notice } from './notice';

/**
 * What a person who has not confirmed their email reads wherever they would post, apply, message
 * or send a request (as the muted notice, decision 0026), with a way to get the link again. The
 * server refuses the same actions with EMAIL_NOT_CONFIRMED.
 */
export function UnconfirmedNotice() {
  const { t } = useTranslation(['errors', 'auth']);
  const errorText = useErrorText();
  const resend = useMutation({ mutationFn: () => api<{ message: string }>('/api/account/confirmation-email', { body: {} }) });
  return (
    <Notice title={t('errors:EMAIL_NOT_CONFIRMED')}>
      <Text size="sm">{t('auth:confirmHint')}</Text>
      {resend.isSuccess ? (
        <Text size="sm" mt="sm" role="status">
          {t('auth:resendDone')}
        </Text>
      ) : (
        <Button size="xs" mt="sm" onClick={() => resend.mutate()} loading={resend.isPending}>
          {t('auth:resend')}
        </Button>
      )}
      {resend.error && (
        <Text size="sm" mt="xs" c="red.8" role="alert">
          {errorText(resend.error)}
        </Text>
      )}
    </Notice>
  );
}

/** Whether the signed-in person still has to confirm their email before posting. */
export function useUnconfirmed(): boolean {
  return useMe().user?.emailVerified === false;
}
