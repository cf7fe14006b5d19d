import { Button, Collapse, Group, Paper, Select, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_DATE_FILTERS } from '@caribconnect/shared/constants/job-date-filters';
import { useJobCategoryNames } from '../api/get-job-categories';
import { DebouncedTextFilter } from '../../../components/debounced-text-filter';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useJobFilters } from './use-job-filters';

export function JobFiltersPanel() {
  const { t } = useTranslation('jobs');
  const { filters, setFilter, clear, active } = useJobFilters();
  const categories = useJobCategoryNames();
  // A category from a shared link stays selectable even if it is not among the suggestions.
  const categoryData = filters.category && !categories.includes(filters.category) ? [filters.category, ...categories] : categories;

  // On a phone the four filters would fill the first screen: the title search stays, the others
  // fold away until asked for (or while one of them is in use).
  const wide = useMediaQuery('(min-width: 36em)');
  const [moreOpened, setMoreOpened] = useState(Boolean(filters.category || filters.country || filters.date));

  const title = (
    <DebouncedTextFilter
      label={t('filters.title')}
      placeholder={t('filters.titlePlaceholder')}
      value={filters.title ?? ''}
      onChange={(v) => setFilter('title', v)}
    />
  );
  const others = (
    <>
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
      <DebouncedTextFilter
        label={t('filters.country')}
        placeholder={t('filters.countryPlaceholder')}
        value={filters.country ?? ''}
        onChange={(v) => setFilter('country', v)}
      />
      <Select
        label={t('filters.date')}
        placeholder={t('filters.anyTime')}
        data={JOB_DATE_FILTERS.map((value) => ({ value, label: t(`dateFilters.${value}`) }))}
        value={filters.date ?? null}
        onChange={(v) => setFilter('date', v)}
        clearable
      />
    </>
  );

  return (
    <Paper role="search" withBorder p="md" mb="lg" aria-label={t('filters.heading')}>
      {wide ? (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
          {title}
          {others}
        </SimpleGrid>
      ) : (
        <>
          {title}
          <Collapse expanded={moreOpened} transitionDuration={150}>
            <Stack gap="sm" mt="sm">
              {others}
            </Stack>
          </Collapse>
        </>
      )}
      {(active || !wide) && (
        <Group justify={wide ? 'flex-end' : 'space-between'} mt="sm">
          {!wide && (
            <Button variant="subtle" size="compact-sm" onClick={() => setMoreOpened((o) => !o)} aria-expanded={moreOpened}>
              {moreOpened ? t('filters.fewer') : t('filters.more')}
            </Button>
          )}
          {active && (
            <Button variant="subtle" size="compact-sm" onClick={clear}>
              {t('filters.clear')}
            </Button>
          )}
        </Group>
      )}
    </Paper>
  );
}
