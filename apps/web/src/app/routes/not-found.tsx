import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { useMe } from '../../lib/session';
import { homePathFor } from '../../lib/paths';

export default function NotFoundScreen() {
  const { t } = useTranslation();
  const { user } = useMe();
  return (
    <Page title={t('notFound.title')}>
      <Text mb="md">{t('notFound.body')}</Text>
      <Button component={Link} to={homePathFor(user?.role)}>
        {t('goHome')}
      </Button>
    </Page>
  );
}
