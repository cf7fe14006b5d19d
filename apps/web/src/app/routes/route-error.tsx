import { Component, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from '../../lib/router';
import { useTranslation } from '../../lib/use-translation';
import { Page } from '../../components/page';
import { PlainButton, plainButton, plainButtonLabel, PlainText } from '../../components/plain-mantine';
import { ApiError } from '../../lib/api-client';
import { CatalogUnavailable } from '../../lib/i18n';
import { isOffline, subscribeNetwork } from '../../lib/network-status';
import { paths } from '../../lib/paths';
import type { NotFoundTitle } from '../../lib/query-client';
import { AppLayout } from '../layout/app-layout';
import { InsideLayout } from '../layout/layout-context';
import NotFoundScreen from './not-found';

/**
 * A screen's code (a lazy chunk), words (a catalog) or data that could not be fetched, retries
 * included: what a dropped connection does.
 */
function unreachable(error: unknown): boolean {
  if (error instanceof CatalogUnavailable) return true;
  if (error instanceof ApiError) return error.code === 'NETWORK';
  // Chromium: "Failed to fetch dynamically imported module", Firefox: "error loading dynamically
  // imported module", Safari: "Importing a module script failed".
  return error instanceof TypeError && /dynamically imported module|module script failed|failed to fetch/i.test(error.message);
}

/**
 * Shown when a screen throws or its code or words fail to load (offline, it says so); a 404 from a loader
 * (an unknown address, a job that does not exist) is the not-found screen. The header and
 * navigation stay: when the error replaced the whole layout, this screen draws the layout again.
 */
export default function RouteError() {
  const inside = useContext(InsideLayout);
  const content = <RouteErrorContent />;
  if (inside) return content;
  return (
    <LayoutOrBare fallback={content}>
      <AppLayout>{content}</AppLayout>
    </LayoutOrBare>
  );
}

function RouteErrorContent() {
  const { t } = useTranslation();
  const error = useRouteError();
  const offline = useSyncExternalStore(subscribeNetwork, isOffline, () => false);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen title={error.data as NotFoundTitle | null} />;
  // Online, a file that did not arrive is the connection's doing: Retry loads the page again (its
  // files and catalogs, which a dropped request left out).
  const [title, body, retry] = offline
    ? [t('offline.title'), t('offline.body'), t('tryAgain')]
    : unreachable(error)
      ? [t('loadFailed.title'), null, t('loadFailed.retry')]
      : [t('error.title'), t('error.body'), t('tryAgain')];
  return (
    <Page title={title}>
      {body && <PlainText mb="md">{body}</PlainText>}
      <PlainButton onClick={() => window.location.reload()} mr="sm">
        {retry}
      </PlainButton>
      <Link to={paths.welcome.to()} {...plainButton({ variant: 'light' })}>
        {plainButtonLabel(t('goHome'))}
      </Link>
    </Page>
  );
}

/** If the layout itself is what failed, the error screen alone. */
class LayoutOrBare extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
