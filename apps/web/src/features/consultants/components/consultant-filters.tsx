import { Button, Group, SimpleGrid } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { ALL_COUNTRIES_OPTION, CARIBBEAN_COUNTRIES, SPECIALTIES } from '@caribconnect/shared';
import { DebouncedTextFilter } from '../../../components/debounced-text-filter';
import { FilterSelect } from '../../../components/filter-select';
import { SearchableSelect } from '../../../components/searchable-select/searchable-select';
import { FilterForm } from '../../../components/filter-form';
import { useCountryOptions } from '../../../lib/country-name';
import { useConsultantFilters } from './use-consultant-filters';

/**
 * Search by name or specialty, the spec's specialty options and the 32 Caribbean countries. A GET form
 * named as the URL's parameters: sent before hydration or without JavaScript, the server renders the
 * filtered directory; afterwards it filters in place.
 */
export function ConsultantFiltersPanel() {
  const { t } = useTranslation('consultants');
  const { filters, setFilter, setFilters, clear, active } = useConsultantFilters();
  // "All …" is the same as no filter: it is not written to the URL (its option has no value).
  const specialties = [{ value: '', label: t('allSpecialties') }, ...SPECIALTIES.map((s) => ({ value: s, label: t(`specialties.${s}`) }))];
  const countries = [{ value: ALL_COUNTRIES_OPTION, label: t('allCountries') }, ...useCountryOptions(CARIBBEAN_COUNTRIES)];

  return (
    <FilterForm p="md" mb="lg" label={t('filters.heading')} onFilters={setFilters}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <DebouncedTextFilter
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          name="q"
          value={filters.q ?? ''}
          onChange={(v) => setFilter('q', v)}
        />
        {/* Specialties are a short list: the phone's own picker. The 32 countries can be searched;
            that code loads when someone reaches for it (components/searchable-select). */}
        <FilterSelect
          label={t('filters.specialty')}
          name="specialty"
          data={specialties}
          value={filters.specialty ?? ''}
          onChange={(v) => setFilter('specialty', v)}
        />
        <SearchableSelect
          label={t('filters.country')}
          // The form carries a country only when one is chosen: "All Countries" is no parameter.
          name={filters.country ? 'country' : undefined}
          formName="country"
          data={countries}
          value={filters.country ?? ALL_COUNTRIES_OPTION}
          onChange={(value) => setFilter('country', value === ALL_COUNTRIES_OPTION ? null : value)}
        />
      </SimpleGrid>
      <Group justify="flex-end" gap="xs" mt="sm">
        {active && (
          <Button key="clear" variant="subtle" size="compact-sm" onClick={clear}>
            {t('filters.clear')}
          </Button>
        )}
        {/* Keyed, as in the jobs filters: a removed Clear must not become Search mid-click. */}
        <Button key="submit" type="submit" size="compact-md">
          {t('filters.submit')}
        </Button>
      </Group>
    </FilterForm>
  );
}
