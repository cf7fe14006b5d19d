import { Button, Group, Text } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { CARIBBEAN_COUNTRIES, currencyOfCountry } from '@caribconnect/shared';
import { DebouncedTextFilter } from '../../../components/debounced-text-filter';
import { FilterSelect } from '../../../components/filter-select';
import { FilterForm } from '../../../components/filter-form';
import { useCountryOptions } from '../../../lib/country-name';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';
import { useAdCategories } from '../api/get-ad-categories';
import { AD_FILTER_KEYS } from '../api/get-ads';
import { useAdFilters } from './use-ad-filters';
import { useCategoryLabel } from './use-category-label';

const CLEARED = Object.fromEntries(AD_FILTER_KEYS.map((key) => [key, '']));

/**
 * "Free only": the browser's own checkbox (no Checkbox CSS on the list's first load), keeping a tick
 * given before hydration.
 */
function FreeFilter({ checked, onChange, label }: { checked: boolean; onChange: (checked: boolean) => void; label: string }) {
  const box = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(box, checked, onChange);
  return (
    <Text component="label" size="sm" fw={500} style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minHeight: 36, cursor: 'pointer' }}>
      <input
        ref={box}
        type="checkbox"
        name="free"
        value="true"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        style={{ width: 20, height: 20, margin: 0 }}
      />
      {label}
    </Text>
  );
}

/**
 * Search, category, country, price range, free and sort; each writes the URL (the text fields 400 ms
 * after the last keystroke). A GET form named as the URL's parameters: sent before hydration or
 * without JavaScript, the server renders the filtered list; afterwards it filters in place. A price
 * range and the price sort apply in the chosen country's currency, so they wait for a country.
 */
export function AdFiltersPanel() {
  const { t } = useTranslation('ads');
  const { filters, setFilters, active } = useAdFilters();
  const categories = useAdCategories();
  const label = useCategoryLabel();
  const options = [{ value: '', label: t('allCategories') }, ...(categories.data ?? []).map((c) => ({ value: c.id, label: label(c.slug, c.name) }))];
  const countries = [{ value: '', label: t('filters.allCountries') }, ...useCountryOptions(CARIBBEAN_COUNTRIES)];
  const currency = filters.country ? currencyOfCountry(filters.country) : undefined;
  // With words, the best matches first (the empty value: decision 0072) and Newest one tap away.
  const words = Boolean(filters.q?.trim());
  const sorts = [
    ...(words ? [{ value: '', label: t('filters.sortRelevance') }] : []),
    { value: 'newest', label: t('filters.sortNewest') },
    { value: 'price', label: t('filters.sortPriceLow') },
    { value: 'price_desc', label: t('filters.sortPriceHigh') },
  ];
  const priceLabel = (key: 'minPrice' | 'maxPrice') => (currency ? t(`filters.${key}In`, { currency }) : t(`filters.${key}`));

  return (
    // An unticked box sends nothing: the form's values clear "free" unless it is there.
    <FilterForm p="sm" mb="md" onFilters={(values) => setFilters({ free: '', ...values })}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DebouncedTextFilter
          label={t('search')}
          placeholder={t('searchPlaceholder')}
          name="q"
          value={filters.q ?? ''}
          onChange={(q) => setFilters({ q })}
          style={{ flex: '1 1 14rem' }}
        />
        {/* Short lists: the phone's own picker, and no Select code on the list's first load. */}
        <FilterSelect
          label={t('category')}
          name="category"
          data={options}
          value={filters.category ?? ''}
          onChange={(category) => setFilters({ category })}
          style={{ flex: '1 1 12rem' }}
        />
        <FilterSelect
          label={t('filters.country')}
          name="country"
          data={countries}
          value={filters.country ?? ''}
          onChange={(country) => setFilters({ country })}
          style={{ flex: '1 1 12rem' }}
        />
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap" mt="xs">
        <DebouncedTextFilter
          label={priceLabel('minPrice')}
          name="minPrice"
          inputMode="decimal"
          value={filters.minPrice ?? ''}
          onChange={(minPrice) => setFilters({ minPrice })}
          style={{ flex: '1 1 7rem', maxWidth: '12rem' }}
        />
        <DebouncedTextFilter
          label={priceLabel('maxPrice')}
          name="maxPrice"
          inputMode="decimal"
          value={filters.maxPrice ?? ''}
          onChange={(maxPrice) => setFilters({ maxPrice })}
          style={{ flex: '1 1 7rem', maxWidth: '12rem' }}
        />
        <FilterSelect
          label={t('filters.sort')}
          name="sort"
          data={sorts}
          value={filters.sort === 'relevance' ? '' : filters.sort || (words ? '' : 'newest')}
          onChange={(sort) => setFilters({ sort })}
          style={{ flex: '1 1 10rem', maxWidth: '14rem' }}
        />
        <FreeFilter checked={filters.free === 'true'} onChange={(free) => setFilters({ free: free ? 'true' : '' })} label={t('filters.freeOnly')} />
        <Group gap="xs">
          <Button type="submit">{t('searchButton')}</Button>
          {active && (
            <Button variant="default" onClick={() => setFilters(CLEARED)}>
              {t('clear')}
            </Button>
          )}
        </Group>
      </Group>
      {!filters.country && (filters.minPrice || filters.maxPrice || (filters.sort && filters.sort !== 'newest' && filters.sort !== 'relevance')) && (
        <Text size="sm" c="orange.9" mt="xs" role="status">
          {t('filters.chooseCountryForPrice')}
        </Text>
      )}
    </FilterForm>
  );
}
