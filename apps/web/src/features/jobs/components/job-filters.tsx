import { Button, Paper, Select, SimpleGrid, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { JOB_DATE_FILTERS } from '@caribconnect/shared';
import { useJobCategoryNames } from '../api/get-job-categories';
import { DebouncedTextFilter } from './debounced-text-filter';
import { useJobFilters } from './use-job-filters';

export function JobFiltersPanel() {
  const { t } = useTranslation('jobs');
  const { filters, setFilter, clear, active } = useJobFilters();
  const categories = useJobCategoryNames();
  // A category from a shared link stays selectable even if it is not among the suggestions.
  const categoryData = filters.category && !categories.includes(filters.category) ? [filters.category, ...categories] : categories;

  return (
    <Paper role="search" withBorder p="md" mb="lg" aria-label={t('filters.heading')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <DebouncedTextFilter label={t('filters.title')} placeholder={t('filters.titlePlaceholder')} value={filters.title ?? ''} onChange={(v) => setFilter('title', v)} />
        <Select
          label={t('filters.category')}
          placeholder={t('filters.allCategories')}
          data={categoryData}
          value={filters.category ?? null}
          onChange={(v) => setFilter('category', v)}
          clearable
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <DebouncedTextFilter label={t('filters.country')} placeholder={t('filters.countryPlaceholder')} value={filters.country ?? ''} onChange={(v) => setFilter('country', v)} />
        <Select
          label={t('filters.date')}
          placeholder={t('filters.anyTime')}
          data={JOB_DATE_FILTERS.map((value) => ({ value, label: t(`dateFilters.${value}`) }))}
          value={filters.date ?? null}
          onChange={(v) => setFilter('date', v)}
          clearable
        />
      </SimpleGrid>
      {active && (
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" size="compact-sm" onClick={clear}>
            {t('filters.clear')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
