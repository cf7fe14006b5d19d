import { useMutation } from '@tanstack/react-query';
import { useTranslation } from '../lib/use-translation';
import { api } from '../lib/api-client';
import { useErrorText } from '../lib/errors';
import { useMe } from '../lib/session';
import { Notice } from './notice';
import { PlainButton, PlainLoader, PlainText } from './plain-mantine';

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
      <PlainText size="sm">{t('auth:confirmHint')}</PlainText>
      {resend.isSuccess ? (
        <PlainText size="sm" mt="sm" role="status">
          {t('auth:resendDone')}
        </PlainText>
      ) : (
        <PlainButton
          size="xs"
          mt="sm"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
          leftSection={resend.isPending ? <PlainLoader size={12} color="gray" aria-hidden /> : undefined}
        >
          {t('auth:resend')}
        </PlainButton>
      )}
      {resend.error && (
        <PlainText size="sm" mt="xs" color="red.8" role="alert">
          {errorText(resend.error)}
        </PlainText>
      )}
    </Notice>
  );
}

/** Whether the signed-in person still has to confirm their email before posting. */
export function useUnconfirmed(): boolean {
  return useMe().user?.emailVerified === false;
}
