import { useSyncExternalStore, type ComponentType } from 'react';
import { useTranslation } from '../lib/use-translation';
import { LoadingState } from '../components/states';

const subscribe = () => () => {};

/**
 * A screen drawn only in the browser: the server (and hydration, which must match it) shows the
 * loading skeleton inside the rendered shell; right after hydration, or at once on a client
 * navigation, the screen itself. Signed-in screens are built this way: nothing to index, and their
 * data is the person's.
 */
export function clientOnly(Screen: ComponentType): ComponentType {
  function ClientOnlyScreen() {
    const { t } = useTranslation();
    // false while rendering on the server and hydrating, true afterwards (React's own switch).
    const inBrowser = useSyncExternalStore(
      subscribe,
      () => true,
      () => false,
    );
    return inBrowser ? <Screen /> : <LoadingState label={t('loading')} />;
  }
  return ClientOnlyScreen;
}
