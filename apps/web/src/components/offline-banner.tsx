import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from '../lib/use-translation';
import { ApiError } from '../lib/api-client';
import { isOffline, setPageNetwork, subscribeNetwork } from '../lib/network-status';
import { PlainText } from './plain-mantine';

const failedForNetwork = (error: unknown) => error instanceof ApiError && error.code === 'NETWORK';

/**
 * A thin notice under the header while the app cannot reach the server: the browser is offline, or
 * a request failed for the network (what the screen shows may then be a saved copy). The live
 * region stays in the page so the notice is announced when it appears.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const offline = useSyncExternalStore(subscribeNetwork, isOffline, () => false);

  useEffect(() => {
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      if (event.action.type === 'success') setPageNetwork(true);
      else if (event.action.type === 'error') setPageNetwork(!failedForNetwork(event.action.error));
    });
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && failedForNetwork(event.action.error)) setPageNetwork(false);
    });
    return () => {
      queries();
      mutations();
    };
  }, [queryClient]);

  return (
    <div role="status" aria-live="polite">
      {offline && (
        <div
          style={{
            background: 'var(--mantine-color-yellow-1)',
            paddingInline: 'var(--mantine-spacing-md)',
            paddingBlock: 'calc(0.375rem * var(--mantine-scale))',
            borderBottom: '1px solid var(--mantine-color-yellow-4)',
          }}
        >
          <PlainText size="sm" center color="dark.9">
            {t('offline.banner')}
          </PlainText>
        </div>
      )}
    </div>
  );
}
