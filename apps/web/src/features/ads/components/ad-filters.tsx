import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DebouncedTextFilter } from '../../../components/debounced-text-filter';
import { FilterSelect } from '../../../components/filter-select';
import { FilterForm } from '../../../components/filter-form';
import { useAdCategories } from '../api/get-ad-categories';
import { useAdFilters } from './use-ad-filters';
import { useCategoryLabel } from './use-category-label';

/**
 * Search box and category filter; both write the URL (the search 400 ms after the last keystroke).
 * A GET form named as the URL's parameters: sent before hydration or without JavaScript, the server
 * renders the filtered list; afterwards it filters in place.
 */
export function AdFiltersPanel() {
  const { t } = useTranslation('ads');
  const { filters, setFilters, active } = useAdFilters();
  const categories = useAdCategories();
  const label = useCategoryLabel();
  const options = [{ value: '', label: t('allCategories') }, ...(categories.data ?? []).map((c) => ({ value: c.id, label: label(c.slug, c.name) }))];

  return (
    <FilterForm p="sm" mb="md" onFilters={setFilters}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DebouncedTextFilter
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          name="q"
          value={filters.q ?? ''}
          onChange={(q) => setFilters({ q })}
          style={{ flex: '1 1 14rem' }}
        />
        {/* A short list: the phone's own picker, and no Select code on the list's first load. */}
        <FilterSelect
          label={t('category')}
          name="category"
          data={options}
          value={filters.category ?? ''}
          onChange={(category) => setFilters({ category })}
          style={{ flex: '1 1 12rem' }}
        />
        <Group gap="xs">
          <Button type="submit">{t('searchButton')}</Button>
          {active && (
            <Button variant="default" onClick={() => setFilters({ q: '', category: '' })}>
              {t('clear')}
            </Button>
          )}
        </Group>
      </Group>
    </FilterForm>
  );
}
