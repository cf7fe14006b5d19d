import { Anchor, Button, Stack, Text } from '@mantine/core';
import { Link, useLocation, useParams, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { errorText } from '../../../lib/errors';
import { useFormEcho } from '../../../lib/form-post';
import { paths } from '../../../lib/paths';

/**
 * /alerts/confirm/:id/:token and /alerts/unsubscribe/:id/:token: one button that posts a plain form
 * (no sign-in needed: the signed token is the permission, for that one alert). The server answers
 * with this page again, `?done=1`, or with the refusal (an invalid or used link).
 */
export default function AlertLinkScreen() {
  const { t } = useTranslation('alerts');
  const { id = '', token = '' } = useParams();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { error } = useFormEcho();
  const mode = pathname.startsWith('/alerts/confirm/') ? 'confirm' : 'unsubscribe';
  const done = params.get('done') === '1';
  const action = mode === 'confirm' ? paths.alertConfirm.to(id, token) : paths.alertUnsubscribe.to(id, token);

  return (
    <Page title={t(`${mode}.title`)}>
      <Stack gap="md" maw={520}>
        {done ? (
          <Text role="status">{t(`${mode}.done`)}</Text>
        ) : (
          <form method="post" action={action}>
            <Stack gap="sm">
              <Text>{t(`${mode}.intro`)}</Text>
              {error && (
                <Text c="red.8" role="alert">
                  {errorText(error, t('linkInvalid'))}
                </Text>
              )}
              <div>
                <Button type="submit">{t(`${mode}.submit`)}</Button>
              </div>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to={paths.jobs.to()}>
          {t('browseJobs')}
        </Anchor>
      </Stack>
    </Page>
  );
}
