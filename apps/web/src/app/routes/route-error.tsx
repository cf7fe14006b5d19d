import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { paths } from '../../lib/paths';

/** Shown when a screen throws or its code fails to load (e.g. a dropped connection). */
export default function RouteError() {
  const { t } = useTranslation();
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
