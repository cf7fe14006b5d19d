import '@mantine/core/styles/List.css';
import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { paths } from '../../../lib/paths';

const OFFERS = ['jobs', 'posting', 'promotion', 'messaging', 'profiles'] as const;
const WHY = ['why1', 'why2', 'why3'] as const;

/** Spec: About has mission, what we offer, why the product. */
export default function AboutScreen() {
  const { t } = useTranslation('pages');
  return (
    <Page title={t('about.title')}>
      <Stack gap="xl">
        <section aria-labelledby="about-mission">
          <Title order={2} size="h3" id="about-mission" mb="xs">
            {t('about.missionTitle')}
          </Title>
          <Text>{t('about.mission')}</Text>
        </section>
        <Paper component="section" aria-labelledby="about-offer" p="lg" bg="ocean.0" radius="md">
          <Title order={2} size="h3" id="about-offer" mb="xs">
            {t('about.offerTitle')}
          </Title>
          <List spacing="xs">
            {OFFERS.map((key) => (
              <List.Item key={key}>{t(`about.offers.${key}`)}</List.Item>
            ))}
          </List>
        </Paper>
        <section aria-labelledby="about-why">
          <Title order={2} size="h3" id="about-why" mb="xs">
            {t('about.whyTitle')}
          </Title>
          <List spacing="xs">
            {WHY.map((key) => (
              <List.Item key={key}>{t(`about.${key}`)}</List.Item>
            ))}
          </List>
        </section>
        <Group>
          <Button component={Link} to={paths.signup.to()}>
            {t('about.joinCta')}
          </Button>
          <Button component={Link} to={paths.jobs.to()} variant="light">
            {t('about.browseCta')}
          </Button>
        </Group>
      </Stack>
    </Page>
  );
}
