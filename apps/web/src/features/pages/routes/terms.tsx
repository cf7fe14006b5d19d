import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { useConfig } from '../../../lib/config';

const TERMS = ['use', 'responsibilities', 'deletion', 'changes'] as const;
const PRIVACY = ['data', 'usage', 'protection', 'updates'] as const;

/** Spec: Terms & Conditions and Privacy Policy (static). */
export default function TermsScreen() {
  const { t } = useTranslation('pages');
  // The support address is the server's SUPPORT_EMAIL, so an installation changes it in one place.
  const email = useConfig()?.supportEmail;

  const section = (key: string) => (
    <section key={key} aria-labelledby={`terms-${key}`}>
      <Title order={3} size="h4" id={`terms-${key}`} mb={4}>
        {t(`terms.${key}Title`)}
      </Title>
      <Text>
        {key === 'deletion' ? (
          email ? (
            <Trans t={t} i18nKey="terms.deletion" values={{ email }} components={{ mail: <Anchor href={`mailto:${email}`} /> }} />
          ) : (
            <Loader size="xs" aria-label={t('common:loading')} />
          )
        ) : (
          t(`terms.${key}`)
        )}
      </Text>
    </section>
  );

  return (
    <Page title={t('terms.title')}>
      <Stack gap="xl">
        <Stack gap="md" component="section" aria-labelledby="terms-conditions">
          <Title order={2} size="h3" id="terms-conditions">
            {t('terms.termsTitle')}
          </Title>
          {TERMS.map(section)}
        </Stack>
        <Stack gap="md" component="section" aria-labelledby="terms-privacy">
          <Title order={2} size="h3" id="terms-privacy">
            {t('terms.privacyTitle')}
          </Title>
          {PRIVACY.map(section)}
        </Stack>
      </Stack>
    </Page>
  );
}
