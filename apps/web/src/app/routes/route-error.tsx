import { Button, Text } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { paths } from '../../lib/paths';
import type { NotFoundTitle } from '../../lib/query-client';
import NotFoundScreen from './not-found';

/**
 * Shown when a screen throws or its code fails to load (e.g. a dropped connection); a 404 from a
 * loader (an unknown address, a job that does not exist) is the not-found screen.
 */
export default function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen title={error.data as NotFoundTitle | null} />;
  return (
    <Page title={t('error.title')}>
      <Text mb="md">{t('error.body')}</Text>
      <Button onClick={() => window.location.reload()} mr="sm">
        {t('tryAgain')}
      </Button>
      <Button component={Link} to={paths.welcome.to()} variant="light">
        {t('goHome')}
      </Button>
    </Page>
  );
}
