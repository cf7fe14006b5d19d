import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { JOB_DATE_FILTERS } from '@caribconnect/shared/constants/job-date-filters';
import { EMPLOYMENT_TYPES, SALARY_PERIODS, WORKPLACES } from '@caribconnect/shared/constants/job-fields';
import { CURRENCIES } from '@caribconnect/shared/constants/currency-codes';
import { useJobCategoryNames } from '../api/get-job-categories';
import { useJobCountries } from '../api/get-job-countries';
import { DebouncedTextFilter } from '../../../components/debounced-text-filter';
import { FilterSelect } from '../../../components/filter-select';
import { FilterForm } from '../../../components/filter-form';
import { PlainButton, PlainGroup, PlainText } from '../../../components/plain-mantine';
import type { JobPage } from '@caribconnect/shared';
import { Link } from '../../../lib/router';
import { paths } from '../../../lib/paths';
import { useMe } from '../../../lib/session';
import { useJobs } from '../api/get-jobs';
import { preloadSearchableSelect, SearchableSelect } from '../../../components/searchable-select/searchable-select';
import { useCountryName, useCountryOptions } from '../../../lib/country-name';
import { useJobCategoryLabel } from '../../../lib/job-category-label';
import { useJobFilters, type FilterKey } from './use-job-filters';
import classes from './job-filters.module.css';

/** A value from a shared link stays selectable even when it is not among the choices. */
const withValue = (choices: string[], value: string | undefined) => (value && !choices.includes(value) ? [value, ...choices] : choices);

export function JobFiltersPanel() {
  const { t } = useTranslation('jobs');
  const { filters, setFilter, setFilters, removeFilter, clear, active } = useJobFilters();
  // "For you" (decision 0072) for a signed-in person with a resume: the list's first page says whether they have one.
  const { user } = useMe();
  const forYou = (useJobs(filters).data?.pages[0] as JobPage | undefined)?.forYou;
  const seeker = user?.role === 'jobseeker';
  const categoryLabel = useJobCategoryLabel();
  const countryName = useCountryName();
  // Stored in English, shown in the reader's language.
  const categories = withValue(useJobCategoryNames(), filters.category).map((value) => ({ value, label: categoryLabel(value) }));
  const countries = useCountryOptions(withValue(useJobCountries(), filters.country));
  const dates = JOB_DATE_FILTERS.map((value) => ({ value, label: t(`dateFilters.${value}`) }));
  const types = EMPLOYMENT_TYPES.map((value) => ({ value, label: t(`employmentTypes.${value}`) }));
  const workplaces = WORKPLACES.map((value) => ({ value, label: t(`workplaces.${value}`) }));
  const periods = SALARY_PERIODS.map((value) => ({ value, label: t(`periods.${value}`) }));
  const currencies = CURRENCIES.map((value) => ({ value, label: value }));

  // On a phone the four filters would fill the first screen: the title search stays, the others
  // fold away until asked for, and the ones in use show as chips that remove them with one tap.
  const [moreOpened, setMoreOpened] = useState(false);
  const moreId = useId();

  const title = (
    <DebouncedTextFilter
      label={t('filters.title')}
      placeholder={t('filters.titlePlaceholder')}
      name="title"
      value={filters.title ?? ''}
      onChange={(v) => setFilter('title', v)}
    />
  );
  // Category and date are short lists: the phone's own picker suits them and costs no script.
  // Country is long, so it can be searched.
  const others = (
    <>
      <FilterSelect
        label={t('filters.category')}
        name="category"
        data={[{ value: '', label: t('filters.allCategories') }, ...categories]}
        value={filters.category ?? ''}
        onChange={(value) => setFilter('category', value)}
      />
      <SearchableSelect
        label={t('filters.country')}
        name="country"
        placeholder={t('filters.allCountries')}
        data={countries}
        value={filters.country ?? null}
        onChange={(v) => setFilter('country', v)}
        nothingFoundMessage={t('filters.noCountry')}
        clearable
      />
      <FilterSelect
        label={t('filters.date')}
        name="date"
        data={[{ value: '', label: t('filters.anyTime') }, ...dates]}
        value={filters.date ?? ''}
        onChange={(value) => setFilter('date', value)}
      />
      <FilterSelect
        label={t('filters.type')}
        name="type"
        data={[{ value: '', label: t('filters.anyType') }, ...types]}
        value={filters.type ?? ''}
        onChange={(value) => setFilter('type', value)}
      />
      <FilterSelect
        label={t('filters.workplace')}
        name="workplace"
        data={[{ value: '', label: t('filters.anyWorkplace') }, ...workplaces]}
        value={filters.workplace ?? ''}
        onChange={(value) => setFilter('workplace', value)}
      />
      {/* "Salary at least": an amount per period in one currency (decision 0036: no exchange rates). */}
      <DebouncedTextFilter
        label={t('filters.salary')}
        placeholder={t('filters.salaryPlaceholder')}
        name="salary"
        inputMode="decimal"
        value={filters.salary ?? ''}
        onChange={(v) => setFilter('salary', v)}
      />
      <FilterSelect
        label={t('filters.per')}
        name="per"
        data={[{ value: '', label: t('periods.month') }, ...periods.filter((p) => p.value !== 'month')]}
        value={filters.per ?? ''}
        onChange={(value) => setFilter('per', value)}
      />
      <FilterSelect
        label={t('filters.currency')}
        name="currency"
        data={[{ value: '', label: t('filters.currencyAuto') }, ...currencies]}
        value={filters.currency ?? ''}
        onChange={(value) => setFilter('currency', value)}
      />
      <FilterSelect
        label={t('filters.verified')}
        name="verified"
        data={[
          { value: '', label: t('filters.allEmployers') },
          { value: '1', label: t('filters.verifiedOnly') },
        ]}
        value={filters.verified ?? ''}
        onChange={(value) => setFilter('verified', value)}
      />
    </>
  );

  // The folded filters in use, as the person reads them.
  const chips: Array<{ key: FilterKey; label: string }> = [];
  if (filters.category) chips.push({ key: 'category', label: categoryLabel(filters.category) });
  if (filters.country) chips.push({ key: 'country', label: countryName(filters.country) });
  if (filters.verified) chips.push({ key: 'verified', label: t('filters.verifiedOnly') });
  if (filters.date) chips.push({ key: 'date', label: dates.find((d) => d.value === filters.date)?.label ?? filters.date });
  if (filters.type) chips.push({ key: 'type', label: t(`employmentTypes.${filters.type}`) });
  if (filters.workplace) chips.push({ key: 'workplace', label: t(`workplaces.${filters.workplace}`) });
  if (filters.salary) chips.push({ key: 'salary', label: `≥ ${filters.salary}${filters.currency ? ` ${filters.currency}` : ''}` });

  return (
    <FilterForm p="md" mb="lg" label={t('filters.heading')} onFilters={setFilters}>
      {/* One markup for every screen, laid out by CSS (job-filters.module.css), with the buttons and
          fields that every first load hydrates drawn plainly (plain-mantine.tsx): a phone folds the
          other filters away, a wider screen shows them beside the title. The server's HTML is
          already right for both, so nothing moves when the page hydrates. */}
      <div className={classes.grid}>
        {title}
        {/* Relevance when there are words (the default), Newest one tap away (decision 0072). */}
        <FilterSelect
          label={t('filters.sort')}
          name="sort"
          data={[
            { value: '', label: t('filters.sortRelevance') },
            { value: 'newest', label: t('filters.sortNewest') },
            ...(forYou || filters.sort === 'foryou' ? [{ value: 'foryou', label: t('filters.sortForYou') }] : []),
          ]}
          value={filters.sort === 'newest' || filters.sort === 'foryou' ? filters.sort : ''}
          onChange={(value) => setFilter('sort', value)}
        />
        <div id={moreId} className={classes.more} data-open={moreOpened || undefined}>
          {others}
        </div>
      </div>
      {/* Without a resume there is nothing to order by: "For you" is not offered, and the way to it is. */}
      {seeker && forYou === false && (
        <PlainText size="xs" mt="xs">
          <Link to={paths.resumeBuilder.to()}>{t('filters.sortForYouNeedsResume')}</Link>
        </PlainText>
      )}
      {!moreOpened && chips.length > 0 && (
        <PlainGroup gap={6} mt="sm" component="ul" aria-label={t('filters.inUse')} className={classes.chips} hiddenFrom="xs">
          {chips.map((chip) => (
            <li key={chip.key}>
              <PlainButton
                variant="light"
                radius="xl"
                size="compact-md"
                maw="100%"
                rightSection={<span aria-hidden>×</span>}
                onClick={() => removeFilter(chip.key)}
                aria-label={t('filters.remove', { filter: `${t(`filters.${chip.key}`)}: ${chip.label}` })}
              >
                {chip.label}
              </PlainButton>
            </li>
          ))}
        </PlainGroup>
      )}
      <div className={classes.actions}>
        <PlainButton
          variant="subtle"
          size="compact-sm"
          hiddenFrom="xs"
          onClick={() => {
            if (!moreOpened) preloadSearchableSelect();
            setMoreOpened((o) => !o);
          }}
          aria-expanded={moreOpened}
          aria-controls={moreId}
        >
          {moreOpened ? t('filters.fewer') : t('filters.more')}
        </PlainButton>
        <PlainGroup gap="xs" ml="auto">
          {active && (
            <PlainButton key="clear" variant="subtle" size="compact-sm" onClick={clear}>
              {t('filters.clear')}
            </PlainButton>
          )}
          {/* Keyed: two buttons that come and go side by side are two elements, never one reused for the other while its click is still being handled. */}
          <PlainButton key="submit" type="submit" size="compact-sm">
            {t('filters.submit')}
          </PlainButton>
        </PlainGroup>
      </div>
    </FilterForm>
  );
}
