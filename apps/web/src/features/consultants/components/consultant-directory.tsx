import { Anchor, Group, SimpleGrid } from '@mantine/core';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { EmptyState } from '../../../components/states';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/session';
import { useConsultants } from '../api/get-consultants';
import { ConsultantCard } from './consultant-card';
import { ConsultantFiltersPanel } from './consultant-filters';
import { useConsultantFilters } from './use-consultant-filters';
import { RefreshingStatus } from '../../../components/refreshing-status';
import { InTurn } from '../../../lib/hydrate-in-turns';

/** Find a Consultant and Hire a Consultant: the same filtered, paged list with different cards. */
export function ConsultantDirectory({ variant }: { variant: 'find' | 'hire' }) {
  const { t } = useTranslation('consultants');
  const { user } = useMe();
  const { filters, active } = useConsultantFilters();
  const query = useConsultants(filters);
  const refreshing = query.isPlaceholderData && query.isFetching;
  const title = variant === 'find' ? t('findTitle') : t('hireTitle');
  // 'No consultants found yet.' when the directory is empty; 'No consultants found.' for a search.
  const empty = variant === 'find' && !active ? t('noConsultantsYet') : t('noConsultants');

  return (
    <Page title={title} size="lg">
      <Group justify="space-between" mb="sm" gap="xs">
        <Anchor component={Link} to={variant === 'find' ? paths.hireConsultant.to() : paths.consultants.to()} size="sm">
          {variant === 'find' ? t('hireLink') : t('browseLink')}
        </Anchor>
        {user && user.role !== 'consultant' && (
          <Anchor component={Link} to={paths.consultantProfile.to()} size="sm">
            {t('becomeConsultant')}
          </Anchor>
        )}
      </Group>
      {/* A real form that works as HTML: it can hydrate a moment after the rest of the page. */}
      <InTurn>
        <ConsultantFiltersPanel />
      </InTurn>
      <RefreshingStatus active={refreshing} label={t('updating')} />
      <PagedList
        query={query}
        labels={{
          loading: t('loadingConsultants'),
          failed: t('loadConsultantsFailed'),
          loadMore: t('loadMore'),
          loadingMore: t('loadingMore'),
          allLoaded: t('allLoaded'),
        }}
        empty={<EmptyState message={empty} />}
      >
        {(consultants) => (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="section" aria-label={title}>
            {consultants.map((c) => (
              <InTurn key={c.userId}>
                <ConsultantCard consultant={c} variant={variant} />
              </InTurn>
            ))}
          </SimpleGrid>
        )}
      </PagedList>
    </Page>
  );
}
