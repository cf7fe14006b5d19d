import { Button, Collapse, Group, Paper, Select, SimpleGrid, Stack, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_DATE_FILTERS } from '@caribconnect/shared/constants/job-date-filters';
import { useJobCategoryNames } from '../api/get-job-categories';
import { useJobCountries } from '../api/get-job-countries';
import { DebouncedTextFilter } from '../../../components/debounced-text-filter';
import { useCountryName, useCountryOptions } from '../../../lib/country-name';
import { useJobCategoryLabel } from '../../../lib/job-category-label';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useJobFilters, type FilterKey } from './use-job-filters';
import classes from './job-filters.module.css';

/** A value from a shared link stays selectable even when it is not among the choices. */
const withValue = (choices: string[], value: string | undefined) => (value && !choices.includes(value) ? [value, ...choices] : choices);

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** "curacao" finds Curaçao, "saint barth" Saint Barthélemy: people type country names without accents. */
const ignoringAccents: OptionsFilter = ({ options, search }) => {
  const key = fold(search.trim());
  return (options as ComboboxItem[]).filter((option) => fold(option.label).includes(key));
};

export function JobFiltersPanel() {
  const { t } = useTranslation('jobs');
  const { filters, setFilter, clear, active } = useJobFilters();
  const categoryLabel = useJobCategoryLabel();
  const countryName = useCountryName();
  // Stored in English, shown in the reader's language.
  const categories = withValue(useJobCategoryNames(), filters.category).map((value) => ({ value, label: categoryLabel(value) }));
  const countries = useCountryOptions(withValue(useJobCountries(), filters.country));
  const dates = JOB_DATE_FILTERS.map((value) => ({ value, label: t(`dateFilters.${value}`) }));

  // On a phone the four filters would fill the first screen: the title search stays, the others
  // fold away until asked for, and the ones in use show as chips that remove them with one tap.
  const wide = useMediaQuery('(min-width: 36em)');
  const [moreOpened, setMoreOpened] = useState(false);

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
        data={categories}
        value={filters.category ?? null}
        onChange={(v) => setFilter('category', v)}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('filters.country')}
        placeholder={t('filters.allCountries')}
        data={countries}
        value={filters.country ?? null}
        onChange={(v) => setFilter('country', v)}
        nothingFoundMessage={t('filters.noCountry')}
        filter={ignoringAccents}
        clearable
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t('filters.date')}
        placeholder={t('filters.anyTime')}
        data={dates}
        value={filters.date ?? null}
        onChange={(v) => setFilter('date', v)}
        clearable
      />
    </>
  );

  // The folded filters in use, as the person reads them.
  const chips: Array<{ key: FilterKey; label: string }> = [];
  if (filters.category) chips.push({ key: 'category', label: categoryLabel(filters.category) });
  if (filters.country) chips.push({ key: 'country', label: countryName(filters.country) });
  if (filters.date) chips.push({ key: 'date', label: dates.find((d) => d.value === filters.date)?.label ?? filters.date });

  return (
    <Paper role="search" withBorder p="md" mb="lg" aria-label={t('filters.heading')}>
      {/* The title box keeps its place in the tree in both layouts: the page hydrates in the phone
          layout and switches right after, and what someone is typing must survive the switch. */}
      <SimpleGrid cols={wide ? { base: 2, md: 4 } : 1} spacing="sm">
        {title}
        {wide && others}
      </SimpleGrid>
      {!wide && (
        <>
          {!moreOpened && chips.length > 0 && (
            <Group gap={6} mt="sm" component="ul" aria-label={t('filters.inUse')} className={classes.chips}>
              {chips.map((chip) => (
                <li key={chip.key}>
                  <Button
                    variant="light"
                    radius="xl"
                    size="compact-md"
                    maw="100%"
                    rightSection={<span aria-hidden>×</span>}
                    onClick={() => setFilter(chip.key, null)}
                    aria-label={t('filters.remove', { filter: `${t(`filters.${chip.key}`)}: ${chip.label}` })}
                  >
                    {chip.label}
                  </Button>
                </li>
              ))}
            </Group>
          )}
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
