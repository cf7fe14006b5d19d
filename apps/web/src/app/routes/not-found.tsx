import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { useMe } from '../../lib/session';
import { homePathFor } from '../../lib/paths';
import type { NotFoundTitle } from '../../lib/query-client';

/** An unknown address, or (with `title`) a job, ad or profile that does not exist, in its screen's words. */
export default function NotFoundScreen({ title }: { title?: NotFoundTitle | null }) {
  // The title's namespace is named here so a server-rendered page ships its catalog.
  const { t } = useTranslation(title ? ['common', title.ns] : ['common']);
  const { user } = useMe();
  return (
    <Page title={title ? t(`${title.ns}:${title.key}`) : t('notFound.title')}>
      <Text mb="md">{t('notFound.body')}</Text>
      <Button component={Link} to={homePathFor(user?.role, user?.previousRole)}>
        {t('goHome')}
      </Button>
    </Page>
  );
}
