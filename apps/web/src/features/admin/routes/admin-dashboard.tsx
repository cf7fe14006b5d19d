import '@mantine/charts/styles.css';
import { Button, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { paths } from '../../../lib/paths';
import { useAdminAds, useAdminJobs } from '../api/get-content';
import { useModerationCount } from '../api/moderation';
import { AuditTrail } from '../components/audit-trail';
import { FailedJobs } from '../components/failed-jobs';
import { GrowthSection } from '../components/growth-section';
import { ListingList } from '../components/listing-list';
import { PaymentSettingsPanel } from '../components/payment-settings';
import { StatTiles } from '../components/stat-tiles';
import { UserList } from '../components/user-list';

/** A Show/Hide toggle whose content (and its request) exists only while shown. */
function Toggle({ id, show, hide, heading, children }: { id: string; show: string; hide: string; heading: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby={`${id}-title`}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id={`${id}-title`}>
          {heading}
        </Title>
        <Button variant="default" size="sm" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={id}>
          {open ? hide : show}
        </Button>
      </Group>
      <Collapse expanded={open} id={id}>
        {open && children()}
      </Collapse>
    </section>
  );
}

function Listings({ kind }: { kind: 'jobs' | 'ads' }) {
  const { t } = useTranslation('admin');
  const jobs = useAdminJobs(kind === 'jobs');
  const ads = useAdminAds(kind === 'ads');
  return kind === 'jobs' ? (
    <ListingList kind="jobs" query={jobs} empty={t('content.noJobs')} />
  ) : (
    <ListingList kind="ads" query={ads} empty={t('content.noAds')} />
  );
}

function Dashboard({ email }: { email: string }) {
  // 'payments' too: the listings' "Awaiting payment" reads it, and a namespace that loads inside an
  // opening Collapse suspends mid-animation and leaves it at height 0.
  const { t } = useTranslation(['admin', 'payments']);
  const reported = useModerationCount();
  return (
    <Stack gap="xl">
      <Text size="lg">{t('welcome', { email })}</Text>
      <StatTiles />
      <Group gap="sm" component="nav" aria-label={t('shortcuts.label')} wrap="wrap">
        <Button component={Link} to={paths.jobSeekerHome.to()} variant="light">
          {t('shortcuts.jobSeekerHome')}
        </Button>
        <Button component={Link} to={paths.employerHome.to()} variant="light">
          {t('shortcuts.employerHome')}
        </Button>
        <Button component={Link} to={paths.adminFeedback.to()} variant="light">
          {t('shortcuts.feedback')}
        </Button>
        <Button component={Link} to={paths.adminModeration.to()} variant="light" color={reported.data?.count ? 'red' : undefined}>
          {reported.data ? t('shortcuts.moderationCount', { count: reported.data.count }) : t('shortcuts.moderation')}
        </Button>
        <Button component={Link} to={paths.adminPayments.to()} variant="light">
          {t('shortcuts.payments')}
        </Button>
        <Button component={Link} to={paths.adminCompanies.to()} variant="light">
          {t('shortcuts.companies')}
        </Button>
        <Button component={Link} to={paths.adminJobs.to()} variant="subtle">
          {t('shortcuts.jobs')}
        </Button>
        <Button component={Link} to={paths.adminApplications.to()} variant="subtle">
          {t('shortcuts.applications')}
        </Button>
        <Button component={Link} to={paths.clientRequests.to()} variant="subtle">
          {t('shortcuts.requests')}
        </Button>
      </Group>
      <GrowthSection />
      <Toggle id="admin-users" heading={t('users.heading')} show={t('users.show')} hide={t('users.hide')}>
        {() => <UserList />}
      </Toggle>
      <Toggle id="admin-jobs" heading={t('content.jobsHeading')} show={t('content.showJobs')} hide={t('content.hideJobs')}>
        {() => <Listings kind="jobs" />}
      </Toggle>
      <Toggle id="admin-ads" heading={t('content.adsHeading')} show={t('content.showAds')} hide={t('content.hideAds')}>
        {() => <Listings kind="ads" />}
      </Toggle>
      <PaymentSettingsPanel />
      <Toggle id="admin-failed-jobs" heading={t('queue.heading')} show={t('queue.show')} hide={t('queue.hide')}>
        {() => <FailedJobs />}
      </Toggle>
      <AuditTrail />
    </Stack>
  );
}

/** /admin: totals, growth, people, content, payments and the audit trail (admins only). */
export default function AdminDashboardScreen() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('title')} size="lg">
      <RequireUser signedOut={t('signedOut')} roles={['admin']} wrongRole={t('adminsOnly')}>
        {(user) => <Dashboard email={user.email} />}
      </RequireUser>
    </Page>
  );
}
