import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from '../lib/router';
import { useTranslation } from '../lib/use-translation';
import { ssrData } from '../lib/ssr-data';
import { withRetries } from '../lib/retry';
import { afterHydrationTurns } from '../lib/hydrate-in-turns';

// The server wrote the first page's head. The code that keeps it current (head-updater.tsx) loads with
// the first change (a navigation, another language), or at once on a page the browser drew itself.
// Without it (its code could not be fetched) the title stays as it was; the screen still works.
const HeadUpdater = lazy(() => withRetries(() => import('./head-updater')).catch(() => ({ default: () => null })));

export function DocumentHead() {
  const location = useLocation();
  const { i18n } = useTranslation();
  const [needed, setNeeded] = useState(() => typeof document !== 'undefined' && !ssrData());
  // The page is interactive once its last part has hydrated (tests wait for it before typing into a
  // server-rendered form).
  useEffect(() => {
    afterHydrationTurns(() => {
      document.documentElement.dataset.hydrated = '';
    });
  }, []);
  useEffect(() => {
    if (location.key !== 'default') setNeeded(true);
  }, [location.key]);
  useEffect(() => {
    const change = () => setNeeded(true);
    i18n.on('languageChanged', change);
    return () => i18n.off('languageChanged', change);
  }, [i18n]);
  return needed ? (
    <Suspense fallback={null}>
      <HeadUpdater />
    </Suspense>
  ) : null;
}
