import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { COUNTRIES, FALLBACK_JOB_CATEGORIES } from '@caribconnect/shared';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { EmptyState } from '../../../components/states';
import { FilterForm } from '../../../components/filter-form';
import { DebouncedTextFilter } from '../../../components/debounced-text-filter';
import { FilterSelect } from '../../../components/filter-select';
import { useCountryOptions } from '../../../lib/country-name';
import { useJobCategoryLabel } from '../../../lib/job-category-label';
import { useCompanies } from '../api/get-companies';
import { CompanyCard } from '../components/company-card';
import { useCompanyFilters } from '../components/use-company-filters';

/**
 * /companies: the directory, most open jobs first. The filters are a GET form named as the URL's
 * parameters, native controls all: sent before hydration or without JavaScript, the server renders
 * the filtered directory; afterwards it filters in place.
 */
export default function CompaniesListScreen() {
  const { t } = useTranslation('companies');
  const categoryLabel = useJobCategoryLabel();
  const { filters, setFilter, setFilters, clear, active } = useCompanyFilters();
  const query = useCompanies(filters);
  const countries = [{ value: '', label: t('allCountries') }, ...useCountryOptions(COUNTRIES)];
  const industries = [{ value: '', label: t('allIndustries') }, ...FALLBACK_JOB_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }))];
  return (
    <Page title={t('listTitle')} size="md">
      <FilterForm p="md" mb="lg" label={t('filters.heading')} onFilters={setFilters}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DebouncedTextFilter
            label={t('filters.search')}
            placeholder={t('filters.searchPlaceholder')}
            name="q"
            value={filters.q ?? ''}
            onChange={(v) => setFilter('q', v)}
          />
          <FilterSelect label={t('filters.country')} name="country" data={countries} value={filters.country ?? ''} onChange={(v) => setFilter('country', v)} />
          <FilterSelect
            label={t('filters.industry')}
            name="industry"
            data={industries}
            value={filters.industry ?? ''}
            onChange={(v) => setFilter('industry', v)}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="xs" mt="sm">
          {active && (
            <Button key="clear" variant="subtle" size="compact-sm" onClick={clear}>
              {t('filters.clear')}
            </Button>
          )}
          <Button key="submit" type="submit" size="compact-md">
            {t('filters.submit')}
          </Button>
        </Group>
      </FilterForm>
      <PagedList
        query={query}
        labels={{ loading: t('loading'), failed: t('loadFailed'), loadMore: t('loadMore'), loadingMore: t('loadingMore'), allLoaded: t('allLoaded') }}
        empty={<EmptyState message={active ? t('noMatches') : t('noCompanies')} />}
      >
        {(items) => (
          <Stack gap="sm">
            {items.map((c) => (
              <CompanyCard key={c.id} company={c} />
            ))}
          </Stack>
        )}
      </PagedList>
    </Page>
  );
}
