import { useEffect, type ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useMe } from '../../../lib/session';
import { BriefcaseIcon, BuildingIcon, ChatIcon, MegaphoneIcon, PeopleIcon, PostIcon, ResumeIcon, SearchIcon, ToolsIcon } from '../components/icons';
import classes from './welcome.module.css';
import { homePathFor, paths } from '../../../lib/paths';
import { InTurn } from '../../../lib/hydrate-in-turns';
import {
  plainAnchor,
  plainButton,
  plainButtonLabel,
  PlainCard,
  PlainContainer,
  PlainGroup,
  PlainStack,
  PlainText,
  PlainThemeIcon,
  PlainTitle,
} from '../../../components/plain-mantine';

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
          <PlainContainer size="lg" px="md" className={classes.heroContent}>
            <PlainStack component="div" gap="md" align="flex-start">
              <PlainTitle order={1} id="welcome-title" className={classes.brand}>
                CaribConnect
              </PlainTitle>
              <PlainText className={classes.tagline}>{t('welcome.tagline')}</PlainText>
              <PlainText className={classes.lead}>{t('welcome.lead')}</PlainText>
              <PlainGroup gap="sm" mt="sm">
                <Link to={paths.jobs.to()} {...plainButton({ size: 'md', color: 'coral.3' })}>
                  {plainButtonLabel(t('welcome.browseJobs'))}
                </Link>
                {user ? (
                  <Link to={homePathFor(user.role, user.previousRole)} {...plainButton({ size: 'md', variant: 'white' })}>
                    {plainButtonLabel(t('welcome.myHome'))}
                  </Link>
                ) : (
                  <>
                    <Link to={paths.signup.to()} {...plainButton({ size: 'md', variant: 'white' })}>
                      {plainButtonLabel(t('welcome.signUp'))}
                    </Link>
                    <Link to={paths.login.to()} {...plainButton({ size: 'md', variant: 'outline', color: 'white' })}>
                      {plainButtonLabel(t('welcome.logIn'))}
                    </Link>
                  </>
                )}
              </PlainGroup>
            </PlainStack>
          </PlainContainer>
          <svg className={classes.wave} viewBox="0 0 1440 48" preserveAspectRatio="none" aria-hidden="true" focusable="false">
            <path d="M0 24c180 18 360 22 540 10S900 0 1080 8s270 24 360 22v18H0z" fill="#fff" />
          </svg>
        </section>
      </InTurn>

      {/* Below the hero, Mantine's markup drawn plainly (components/plain-mantine.tsx): the cards are
          words and links, and each Mantine component's render was most of their hydration. */}
      <PlainContainer size="lg" px="md" py="xl">
        <PlainTitle order={2} mb="lg">
          {t('welcome.offersTitle')}
        </PlainTitle>
        <div className={`${classes.grid} ${classes.offers}`}>
          {OFFERS.map((offer) => (
            <InTurn key={offer.key}>
              <PlainCard className={classes.card}>
                <div className={classes.offer}>
                  <PlainThemeIcon tone="ocean-light" size={48} radius="md">
                    {offer.icon}
                  </PlainThemeIcon>
                  <div>
                    <PlainTitle order={3} size="h4" mb={4}>
                      {t(`welcome.offers.${offer.key}.title`)}
                    </PlainTitle>
                    <PlainText dimmed size="sm">
                      {t(`welcome.offers.${offer.key}.body`)}
                    </PlainText>
                  </div>
                </div>
              </PlainCard>
            </InTurn>
          ))}
        </div>

        <PlainTitle order={2} mt={48} mb="lg">
          {t('welcome.audienceTitle')}
        </PlainTitle>
        <div className={`${classes.grid} ${classes.audiences}`}>
          {AUDIENCES.map((a) => (
            <InTurn key={a.key}>
              <PlainCard className={classes.card} bg="ocean.0">
                <PlainGroup gap="sm" mb="xs" wrap="nowrap">
                  <PlainThemeIcon tone="coral-2" size={40} radius="xl">
                    {a.icon}
                  </PlainThemeIcon>
                  <PlainTitle order={3} size="h4">
                    {t(`welcome.${a.key}.title`)}
                  </PlainTitle>
                </PlainGroup>
                <PlainText size="sm" mb="md">
                  {t(`welcome.${a.key}.body`)}
                </PlainText>
                <Link to={a.to} {...plainAnchor({ fw: 600, mt: 'auto' })}>
                  {t(`welcome.${a.key}.cta`)}
                </Link>
              </PlainCard>
            </InTurn>
          ))}
        </div>

        <InTurn>
          <PlainStack component="nav" aria-labelledby="welcome-more" gap="xs" mt={48} pt="lg" border="1px solid var(--mantine-color-gray-3)">
            <PlainTitle order={2} size="h4" id="welcome-more">
              {t('welcome.moreTitle')}
            </PlainTitle>
            <PlainGroup gap="lg" className={classes.footerLinks}>
              <Link to={paths.feedback.to()} {...plainAnchor()}>
                {t('welcome.feedback')}
              </Link>
              <Link to={paths.about.to()} {...plainAnchor()}>
                {t('welcome.about')}
              </Link>
              <Link to={paths.faq.to()} {...plainAnchor()}>
                {t('welcome.faq')}
              </Link>
              <Link to={paths.terms.to()} {...plainAnchor()}>
                {t('welcome.terms')}
              </Link>
            </PlainGroup>
          </PlainStack>
        </InTurn>
      </PlainContainer>
    </>
  );
}
