import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminCompany } from '@caribconnect/shared';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { RequireUser } from '../../../components/require-user';
import { EmptyState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { api } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { pagedQueryOptions } from '../../../lib/paged';
import { paths } from '../../../lib/paths';

const keys = { list: (q: string) => ['admin', 'companies', q] as const };

function CompanyRow({ company }: { company: AdminCompany }) {
  const { t } = useTranslation(['admin', 'companies']);
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (body: { verified?: boolean; suspended?: boolean }) => api(`/api/admin/companies/${encodeURIComponent(company.id)}`, { method: 'PATCH', body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'companies'] });
      toast(t('companiesPage.saved', { name: company.name }));
    },
    onError: (err) => toast(errorText(err, t('companiesPage.failed')), 'error'),
  });
  return (
    <Paper component="li" withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={paths.company.to(company.slug)} c="inherit">
              {company.name}
            </Anchor>
          </Title>
          <Group gap={6}>
            {company.verified && (
              <Badge color="teal" variant="light" tt="none">
                {t('companies:verified')}
              </Badge>
            )}
            {company.suspended && (
              <Badge color="red" variant="light" tt="none">
                {t('companiesPage.suspended')}
              </Badge>
            )}
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {[company.country, t('companies:openJobs', { count: company.openJobs })].filter(Boolean).join(' · ')}
        </Text>
        <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('companiesPage.membersOf', { name: company.name })}>
          {company.members.map((m) => (
            <Text component="li" size="sm" key={m.userId} style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={paths.profile.to(m.userId)}>
                {m.fullName || m.email}
              </Anchor>{' '}
              · {m.email} · {t(`companies:roles.${m.role}`)}
            </Text>
          ))}
        </Stack>
        <Group gap="xs">
          <Button size="xs" variant="light" loading={change.isPending} onClick={() => change.mutate({ verified: !company.verified })}>
            {company.verified ? t('companiesPage.unverify') : t('companiesPage.verify')}
          </Button>
          <Button size="xs" variant="light" color="red" loading={change.isPending} onClick={() => change.mutate({ suspended: !company.suspended })}>
            {company.suspended ? t('companiesPage.lift') : t('companiesPage.suspend')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function CompanyList() {
  const { t } = useTranslation('admin');
  const [q, setQ] = useState('');
  const [term, setTerm] = useState('');
  const query = useInfiniteQuery(pagedQueryOptions<AdminCompany>(keys.list(term), '/api/admin/companies', term ? { q: term } : {}));
  return (
    <Stack gap="md">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setTerm(q.trim());
        }}
      >
        <Group align="flex-end" gap="xs">
          <TextInput label={t('companiesPage.search')} type="search" value={q} onChange={(e) => setQ(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button type="submit">{t('companiesPage.searchButton')}</Button>
        </Group>
      </form>
      <PagedList
        query={query}
        labels={{
          loading: t('companiesPage.loading'),
          failed: t('companiesPage.loadFailed'),
          loadMore: t('users.loadMore'),
          loadingMore: t('users.loadingMore'),
        }}
        empty={<EmptyState message={t('companiesPage.empty')} />}
      >
        {(items) => (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {items.map((c) => (
              <CompanyRow key={c.id} company={c} />
            ))}
          </Stack>
        )}
      </PagedList>
    </Stack>
  );
}

/** /admin/companies: every company with its members; verify or suspend one. */
export default function AdminCompaniesScreen() {
  const { t } = useTranslation('admin');
  return (
    <Page title={t('companiesPage.title')} size="md">
      <RequireUser signedOut={t('signedOut')} roles={['admin']} wrongRole={t('adminsOnly')}>
        {() => <CompanyList />}
      </RequireUser>
    </Page>
  );
}
