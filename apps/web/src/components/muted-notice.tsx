import { useTranslation } from '../lib/use-translation';
import { useMe } from '../lib/session';
import { Notice } from './notice';

/**
 * What a muted person reads wherever they would post, apply, message or save: the server's own
 * sentence ('Your account is muted…'), shown before they fill anything in rather than after the
 * server refuses. The sentence is in the `errors` catalog, fetched only by someone who lands here.
 */
export function MutedNotice() {
  const { t } = useTranslation('errors');
  return <Notice title={t('ACCOUNT_MUTED')} />;
}

/** Whether the signed-in person is muted: they may read everything but post nothing. */
export function useMuted(): boolean {
  return useMe().user?.role === 'muted';
}
