import { Link } from '../../lib/router';
import { useTranslation } from '../../lib/use-translation';
import { Page } from '../../components/page';
import { ErrorState } from '../../components/states';
import { plainButton, plainButtonLabel, PlainText } from '../../components/plain-mantine';
import { useMe } from '../../lib/session';
import { homePathFor } from '../../lib/paths';
import type { NotFoundTitle } from '../../lib/query-client';

/** An unknown address, or (with `title`) a job, ad or profile that does not exist, in its screen's words. */
export default function NotFoundScreen({ title }: { title?: NotFoundTitle | null }) {
  // The title's namespace is named here so a server-rendered page ships its catalog.
  const { t } = useTranslation(title ? ['common', title.ns] : ['common']);
  const { user } = useMe();
  const sentence = title ? t(`${title.ns}:${title.key}`) : t('notFound.title');
  const home = (
    <Link to={homePathFor(user?.role, user?.previousRole)} {...plainButton()}>
      {plainButtonLabel(t('goHome'))}
    </Link>
  );
  // A screen with a heading of its own (Edit Ad) looks as it does when its record turns out missing.
  if (title?.heading)
    return (
      <Page title={t(`${title.ns}:${title.heading}`)}>
        <ErrorState message={sentence} />
        {home}
      </Page>
    );
  return (
    <Page title={sentence}>
      <PlainText mb="md">{t('notFound.body')}</PlainText>
      {home}
    </Page>
  );
}
