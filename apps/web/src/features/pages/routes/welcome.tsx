import { Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useMe } from '../../../lib/session';
import { BriefcaseIcon, BuildingIcon, ChatIcon, MegaphoneIcon, PeopleIcon, PostIcon, ResumeIcon, SearchIcon, ToolsIcon } from '../components/icons';
import classes from './welcome.module.css';
import { homePathFor, paths } from '../../../lib/paths';
import { InTurn } from '../../../lib/hydrate-in-turns';

const OFFERS: { key: string; icon: ReactNode }[] = [
  { key: 'jobs', icon: <SearchIcon /> },
  { key: 'posting', icon: <PostIcon /> },
  { key: 'promotion', icon: <MegaphoneIcon /> },
  { key: 'messaging', icon: <ChatIcon /> },
  { key: 'profiles', icon: <PeopleIcon /> },
  { key: 'resumes', icon: <ResumeIcon /> },
];

const AUDIENCES: { key: string; icon: ReactNode; to: string }[] = [
  { key: 'seekers', icon: <BriefcaseIcon />, to: paths.signup.to('jobseeker') },
  { key: 'employers', icon: <BuildingIcon />, to: paths.signup.to('employer') },
  { key: 'providers', icon: <ToolsIcon />, to: paths.ads.to() },
];

/** The public landing page (spec: Welcome page). No images to download: CSS and inline SVG only. */
export default function WelcomeScreen() {
  const { t } = useTranslation('pages');
  const { user } = useMe();

  useEffect(() => {
    document.title = 'CaribConnect';
  }, []);

  return (
    <>
      {/* Static words and links: each block hydrates in a task of its own (lib/hydrate-in-turns.tsx). */}
      <InTurn>
        <section className={classes.hero} aria-labelledby="welcome-title">
          <div className={classes.sun} aria-hidden="true" />
          <Container size="lg" px="md" className={classes.heroContent}>
            <Stack gap="md" align="flex-start">
              <Title order={1} id="welcome-title" className={classes.brand}>
                CaribConnect
              </Title>
              <Text className={classes.tagline}>{t('welcome.tagline')}</Text>
              <Text className={classes.lead}>{t('welcome.lead')}</Text>
              <Group gap="sm" mt="sm">
                <Button component={Link} to={paths.jobs.to()} size="md" color="coral.3" autoContrast>
                  {t('welcome.browseJobs')}
                </Button>
                {user ? (
                  <Button component={Link} to={homePathFor(user.role, user.previousRole)} size="md" variant="white">
                    {t('welcome.myHome')}
                  </Button>
                ) : (
                  <>
                    <Button component={Link} to={paths.signup.to()} size="md" variant="white">
                      {t('welcome.signUp')}
                    </Button>
                    <Button component={Link} to={paths.login.to()} size="md" variant="outline" color="white">
                      {t('welcome.logIn')}
                    </Button>
                  </>
                )}
              </Group>
            </Stack>
          </Container>
          <svg className={classes.wave} viewBox="0 0 1440 48" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <path d="M0 24c180 18 360 22 540 10S900 0 1080 8s270 24 360 22v18H0z" fill="#fff" />
          </svg>
        </section>
      </InTurn>

      <Container size="lg" px="md" py="xl">
        <Title order={2} mb="lg">
          {t('welcome.offersTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {OFFERS.map((offer) => (
            <InTurn key={offer.key}>
              <Card withBorder padding="lg" className={classes.card}>
                <div className={classes.offer}>
                  <ThemeIcon size={48} radius="md" variant="light" color="ocean">
                    {offer.icon}
                  </ThemeIcon>
                  <div>
                    <Title order={3} size="h4" mb={4}>
                      {t(`welcome.offers.${offer.key}.title`)}
                    </Title>
                    <Text c="dimmed" size="sm">
                      {t(`welcome.offers.${offer.key}.body`)}
                    </Text>
                  </div>
                </div>
              </Card>
            </InTurn>
          ))}
        </SimpleGrid>

        <Title order={2} mt={48} mb="lg">
          {t('welcome.audienceTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {AUDIENCES.map((a) => (
            <InTurn key={a.key}>
              <Card withBorder padding="lg" className={classes.card} bg="ocean.0">
                <Group gap="sm" mb="xs" wrap="nowrap">
                  <ThemeIcon size={40} radius="xl" color="coral.2" autoContrast>
                    {a.icon}
                  </ThemeIcon>
                  <Title order={3} size="h4">
                    {t(`welcome.${a.key}.title`)}
                  </Title>
                </Group>
                <Text size="sm" mb="md">
                  {t(`welcome.${a.key}.body`)}
                </Text>
                <Anchor component={Link} to={a.to} fw={600} mt="auto">
                  {t(`welcome.${a.key}.cta`)}
                </Anchor>
              </Card>
            </InTurn>
          ))}
        </SimpleGrid>

        <InTurn>
          <Stack component="nav" aria-labelledby="welcome-more" gap="xs" mt={48} pt="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Title order={2} size="h4" id="welcome-more">
              {t('welcome.moreTitle')}
            </Title>
            <Group gap="lg" className={classes.footerLinks}>
              <Anchor component={Link} to={paths.feedback.to()}>
                {t('welcome.feedback')}
              </Anchor>
              <Anchor component={Link} to={paths.about.to()}>
                {t('welcome.about')}
              </Anchor>
              <Anchor component={Link} to={paths.faq.to()}>
                {t('welcome.faq')}
              </Anchor>
              <Anchor component={Link} to={paths.terms.to()}>
                {t('welcome.terms')}
              </Anchor>
            </Group>
          </Stack>
        </InTurn>
      </Container>
    </>
  );
}
