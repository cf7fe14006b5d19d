import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useNavigate } from '../../lib/router';
import { useTranslation } from '../../lib/use-translation';
import { useMe } from '../../lib/session';
import { signOut } from '../../features/auth/api/sign-out';
import { LANGUAGES, isLanguage, pageLanguage } from '../../lib/language';
import { useLanguageChoice } from '../../lib/language-choice';
import { LoadingState } from '../../components/states';
import { useFocusHeadingOnNavigate } from '../../components/route-focus';
import { OfflineBanner } from '../../components/offline-banner';
import { InsideLayout } from './layout-context';
import { LazyDrawer } from '../../components/lazy-drawer';
import classes from './app-layout.module.css';
import { homePathFor, paths } from '../../lib/paths';
import { PageScrollRestoration } from '../../lib/scroll-restoration';
import { withRetries } from '../../lib/retry';
import { UntilHydrated, useHydrated } from '../../lib/hydrated';
import { HydrationBoundary, InTurn } from '../../lib/hydrate-in-turns';
import { PlainBurger, PlainNativeSelect, PlainStack, PlainUnstyledButton } from '../../components/plain-mantine';
import { countText, useHeaderCounts, type HeaderCount } from './header-counts';
import type { LiveCounts as LiveCountsScreen } from './live-counts';

// Only signed-in people have an inbox and a bell: their unread counts and the live stream load with
// the first signed-in page, not with every visitor's. If the code cannot be fetched the header goes without them.
const LiveCounts = lazy<typeof LiveCountsScreen>(() =>
  withRetries(() => import('./live-counts')).then(
    (m) => ({ default: m.LiveCounts }),
    () => ({ default: () => null }),
  ),
);

/** `menuOnly`: in the menu (a phone's, and the column), not the signed-in desktop bar, which is full in long languages. */
type NavItem = { to: string; label: string; count?: HeaderCount; icon?: string; menuOnly?: boolean };

/** A count beside a link or on the menu button: the number is seen, its words are read. */
function CountBadge({ count, className }: { count: HeaderCount; className?: string }) {
  return (
    <>
      <span className={`${classes.count} ${className ?? ''}`} aria-hidden>
        {countText(count.count)}
      </span>
      <span className={classes.visuallyHidden}>{count.label}</span>
    </>
  );
}

/**
 * The element the spec renders above every route: brand, navigation and the signed-in menu.
 * `children` replaces the routed screen (the route error screen draws the layout around itself).
 */
/**
 * The logo (public/favicon.svg, drawn the same) in the page itself: as an <img> it was a request of its
 * own, about 1.2 KB with its headers, sharing a slow link with the scripts hydration waits for.
 */
function Logo() {
  return (
    <svg viewBox="0 0 64 64" width={28} height={28} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0b7285" />
      <path d="M14 40c8-6 16-6 24 0s12 6 12 6" stroke="#ffd8a8" strokeWidth="5" fill="none" strokeLinecap="round" />
      <circle cx="44" cy="20" r="7" fill="#ff922b" />
    </svg>
  );
}

/**
 * After hydration only: a lazy part that suspended while the page hydrates would hold back the
 * hydration of everything around it until its code arrived. It reads `useHydrated` itself, so the
 * layout does not render again for it.
 */
function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

export function AppLayout({ children }: { children?: ReactNode } = {}) {
  const { t, i18n } = useTranslation();
  const { user } = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [opened, { toggle, close }] = useDisclosure(false);
  const counts = useHeaderCounts();
  useFocusHeadingOnNavigate('main');
  const chooseLanguage = useLanguageChoice();

  const items: NavItem[] = user
    ? [
        { to: homePathFor(user.role, user.previousRole), label: t('nav.home') },
        { to: paths.myProfile.to(), label: t('nav.myProfile') },
        { to: paths.inbox.to(), label: t('nav.inbox'), count: counts.counts.inbox },
        { to: paths.saved.to(), label: t('nav.saved') },
        { to: paths.myPayments.to(), label: t('nav.myPayments') },
        { to: paths.alerts.to(), label: t('nav.jobAlerts') },
        { to: paths.notifications.to(), label: t('nav.notifications'), count: counts.counts.notifications, icon: classes.bell },
        { to: paths.searchUsers.to(), label: t('nav.searchUsers') },
        { to: paths.consultants.to(), label: t('nav.findConsultant') },
        { to: paths.companies.to(), label: t('nav.companies'), menuOnly: true },
        { to: paths.feedback.to(), label: t('nav.feedback') },
        { to: paths.faq.to(), label: t('nav.faq') },
      ]
    : [
        { to: paths.jobs.to(), label: t('nav.browseJobs') },
        { to: paths.ads.to(), label: t('nav.browseAds') },
        { to: paths.consultants.to(), label: t('nav.findConsultant') },
        { to: paths.companies.to(), label: t('nav.companies') },
        { to: paths.login.to(), label: t('nav.logIn') },
        { to: paths.signup.to(), label: t('nav.signUp') },
      ];

  const logOut = () => {
    close();
    void signOut(queryClient).then(() => navigate(paths.welcome.to()));
  };

  const links = (vertical: boolean) => (
    <>
      {items
        .filter((item) => vertical || !item.menuOnly)
        .map((item) => (
          <NavLink
            key={item.to + item.label}
            to={item.to}
            end
            onClick={close}
            className={`${classes.link} mantine-focus-auto`}
            data-vertical={vertical || undefined}
          >
            {item.icon && <span className={item.icon} aria-hidden />}
            {/* Beside the other links the bell says its name to screen readers only (the bar has no room); the menu writes it. */}
            {item.icon && !vertical ? <span className={classes.visuallyHidden}>{item.label}</span> : item.label}
            {item.count && <CountBadge count={item.count} />}
          </NavLink>
        ))}
      {user && (
        <UntilHydrated>
          {(pending) => (
            <PlainUnstyledButton onClick={logOut} className={classes.link} data-vertical={vertical || undefined} {...pending}>
              {t('nav.logOut')}
            </PlainUnstyledButton>
          )}
        </UntilHydrated>
      )}
    </>
  );

  const languagePicker = (
    <UntilHydrated>
      {(pending) => (
        <PlainNativeSelect
          aria-label={t('language')}
          size="xs"
          value={pageLanguage(i18n)}
          onChange={(e) => {
            const value = e.currentTarget.value;
            if (isLanguage(value)) void chooseLanguage(value);
          }}
          data={LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
          {...pending}
        />
      )}
    </UntilHydrated>
  );

  return (
    <div>
      <PageScrollRestoration />
      <a href="#main" className={classes.skip}>
        {t('skipToContent')}
      </a>
      {/* right-scroll-bar-position: while a dialog locks the page's scroll (react-remove-scroll), the
          fixed header is padded like the body, so it does not shift by the scrollbar's width. */}
      {/* Links, and buttons that say they are not ready yet: it can hydrate a moment after the rest.
          Plain elements styled by app-layout.module.css rather than Mantine's Group, Anchor, Text and
          Box: the header hydrates on every page's first load, and those cost most of its turn. Its
          menu button and the menu's column are Mantine's markup drawn plainly (plain-mantine.tsx), so
          no Mantine component code comes with the first load. */}
      <InTurn>
        <header className={`${classes.header} right-scroll-bar-position`}>
          <div className={classes.bar}>
            <Link to={homePathFor(user?.role, user?.previousRole)} className={`${classes.brand} mantine-focus-auto`} aria-label={t('brand')}>
              <Logo />
              <span className={classes.brandName}>{t('brand')}</span>
            </Link>
            <nav aria-label={t('nav.mainNavigation')} className={`${classes.nav} mantine-visible-from-lg`}>
              {links(false)}
              <div className={classes.languageBox}>{languagePicker}</div>
            </nav>
            <div className={`${classes.menuButton} mantine-hidden-from-lg`}>
              {/* The menu opens with scripts only: until the app has hydrated its button says it is not ready. */}
              <UntilHydrated>
                {(pending) => (
                  <PlainBurger
                    opened={opened}
                    onClick={toggle}
                    aria-label={counts.all.length ? t('nav.openMenuWithCounts', { counts: counts.all.map((c) => c.label).join(', ') }) : t('nav.openMenu')}
                    aria-expanded={opened}
                    {...pending}
                  />
                )}
              </UntilHydrated>
              {counts.total > 0 && (
                <span className={`${classes.count} ${classes.onMenuButton}`} aria-hidden>
                  {countText(counts.total)}
                </span>
              )}
            </div>
          </div>
        </header>
      </InTurn>
      {user && (
        <AfterHydration>
          <Suspense fallback={null}>
            <LiveCounts userId={user.id} reporter={counts.reporter} />
          </Suspense>
        </AfterHydration>
      )}
      <LazyDrawer
        opened={opened}
        onClose={close}
        title={t('nav.menu')}
        position="right"
        size="xs"
        hiddenFrom="lg"
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        <PlainStack component="nav" aria-label={t('nav.mainNavigation')} gap={4}>
          {links(true)}
          <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>{languagePicker}</div>
        </PlainStack>
      </LazyDrawer>
      <main id="main" className={classes.main}>
        <OfflineBanner />
        <InsideLayout.Provider value>
          <HydrationBoundary fallback={<LoadingState label={t('loading')} />}>{children ?? <Outlet />}</HydrationBoundary>
        </InsideLayout.Provider>
      </main>
    </div>
  );
}
