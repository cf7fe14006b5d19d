import { Button, Group, NativeSelect, Paper, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ALL_COUNTRIES_OPTION, ALL_SPECIALTIES_OPTION, CARIBBEAN_COUNTRIES, SPECIALTIES } from '@caribconnect/shared';
import { DebouncedTextFilter } from '../../../components/debounced-text-filter';
import { SearchableSelect } from '../../../components/searchable-select/searchable-select';
import { useCountryOptions } from '../../../lib/country-name';
import { useConsultantFilters } from './use-consultant-filters';

/** Search by name or specialty, the spec's specialty options and the 32 Caribbean countries. */
export function ConsultantFiltersPanel() {
  const { t } = useTranslation('consultants');
  const { filters, setFilter, clear, active } = useConsultantFilters();
  const specialties = [{ value: ALL_SPECIALTIES_OPTION, label: t('allSpecialties') }, ...SPECIALTIES.map((s) => ({ value: s, label: t(`specialties.${s}`) }))];
  const countries = [{ value: ALL_COUNTRIES_OPTION, label: t('allCountries') }, ...useCountryOptions(CARIBBEAN_COUNTRIES)];
  // "All …" is the same as no filter: it is not written to the URL.
  const pick = (key: 'specialty' | 'country', all: string) => (value: string | null) => setFilter(key, value === all ? null : value);

  return (
    <Paper role="search" withBorder p="md" mb="lg" aria-label={t('filters.heading')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <DebouncedTextFilter
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          value={filters.q ?? ''}
          onChange={(v) => setFilter('q', v)}
        />
        {/* Specialties are a short list: the phone's own picker. The 32 countries can be searched;
            that code loads when someone reaches for it (components/searchable-select). */}
        <NativeSelect
          label={t('filters.specialty')}
          data={specialties}
          value={filters.specialty ?? ALL_SPECIALTIES_OPTION}
          onChange={(e) => pick('specialty', ALL_SPECIALTIES_OPTION)(e.currentTarget.value)}
        />
        <SearchableSelect
          label={t('filters.country')}
          data={countries}
          value={filters.country ?? ALL_COUNTRIES_OPTION}
          onChange={pick('country', ALL_COUNTRIES_OPTION)}
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
