import { Alert, Autocomplete, Button, Fieldset, Group, Loader, NativeSelect, Paper, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import '@mantine/core/styles/Fieldset.css';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { Link } from '../../../lib/router';
import { useCountryOptions } from '../../../lib/country-name';
import { formValidator } from '../../../lib/form-validator';
import { paths } from '../../../lib/paths';
import { useTranslation } from '../../../lib/use-translation';
import {
  COUNTRIES,
  CURRENCIES,
  currencyOfCountry,
  EMPLOYMENT_TYPES,
  jobInput,
  latestClosingDay,
  SALARY_PERIODS,
  utcDay,
  WORKPLACES,
} from '@caribconnect/shared';
import { useJobCategoryNames } from '../api/get-job-categories';
import { useJobCategoryLabel } from '../../../lib/job-category-label';
import { formatDate } from '../../../lib/format-date';
import { intlLocale } from '../../../lib/language';
import { QuestionsEditor, type QuestionDraft } from './questions-editor';

/** What the form holds: text as typed (numbers too), '' for a field left empty. */
export interface JobFormValues {
  title: string;
  company: string;
  country: string;
  category: string;
  description: string;
  salary: string;
  address: string;
  employmentType: string;
  workplace: string;
  salaryMin: string;
  salaryMax: string;
  salaryCurrency: string;
  salaryPeriod: string;
  /** YYYY-MM-DD; on Edit '' keeps the current closing date. */
  closesOn: string;
  /** Screening questions asked on Apply (decision 0075). */
  questions: QuestionDraft[];
}

export const EMPTY_JOB: JobFormValues = {
  title: '',
  company: '',
  country: '',
  category: '',
  description: '',
  salary: '',
  address: '',
  employmentType: '',
  workplace: '',
  salaryMin: '',
  salaryMax: '',
  salaryCurrency: '',
  salaryPeriod: '',
  closesOn: '',
  questions: [],
};

const STRUCTURED = ['employmentType', 'workplace', 'salaryMin', 'salaryMax', 'salaryCurrency', 'salaryPeriod'] as const;

/**
 * The request body: amounts as numbers; an empty structured field is left out of a new job and
 * cleared (null) on Edit; an empty closing date is left out (the default, or the current date).
 */
export function jobPayload(values: JobFormValues, mode: 'create' | 'edit') {
  const body: Record<string, unknown> = { ...values };
  for (const key of STRUCTURED) {
    const v = values[key].trim();
    body[key] = v === '' ? (mode === 'edit' ? null : undefined) : key === 'salaryMin' || key === 'salaryMax' ? Number(v.replace(/[\s,]/g, '')) : v;
  }
  if (!values.closesOn) delete body.closesOn;
  body.questions = values.questions.map((q) => ({
    ...q,
    text: q.text.trim(),
    options: q.options.map((o) => o.trim()),
    accept: q.accept.map((a) => a.trim()),
  }));
  return body;
}

interface Props {
  initialValues: JobFormValues;
  /** Edit: when the job closes now (ISO), said beside the closing date. */
  closesAt?: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  error?: string | null;
  onSubmit: (values: JobFormValues) => void;
}

/** Post a New Job and Edit Job share this form (spec section 5), validated by the server's own schema. */
export function JobForm({ initialValues, closesAt, submitLabel, busyLabel, busy, error, onSubmit }: Props) {
  const { t, i18n } = useTranslation(['employer', 'jobs']);
  const categories = useJobCategoryNames();
  const categoryLabel = useJobCategoryLabel();
  // Categories are offered and typed in the reader's language, and stored by their English name.
  const categoryLabels = useMemo(
    () => categories.map(categoryLabel).sort(new Intl.Collator(intlLocale(i18n.language)).compare),
    [categories, categoryLabel, i18n.language],
  );
  const toStoredCategory = (typed: string) => categories.find((name) => categoryLabel(name) === typed.trim()) ?? typed;
  const form = useForm<JobFormValues>({
    initialValues: { ...initialValues, category: categoryLabel(initialValues.category) },
    validate: formValidator<JobFormValues>(jobInput),
    validateInputOnBlur: true,
  });
  const field = (name: keyof JobFormValues) => form.getInputProps(name);
  // An older job may carry a country spelled outside the list: keep it visible so the person can fix it.
  const countries = useMemo(
    () => (initialValues.country && !(COUNTRIES as readonly string[]).includes(initialValues.country) ? [initialValues.country, ...COUNTRIES] : [...COUNTRIES]),
    [initialValues.country],
  );
  const countryOptions = useCountryOptions(countries);
  const notSet = { value: '', label: t('form.notSpecified') };
  const options = (list: readonly string[], prefix: string) => [notSet, ...list.map((value) => ({ value, label: t(`jobs:${prefix}.${value}`) }))];
  const defaultCurrency = form.values.country ? currencyOfCountry(form.values.country) : null;

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="form"
      onSubmit={form.onSubmit((v) => onSubmit({ ...v, category: toStoredCategory(v.category) }))}
      noValidate
    >
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('form.title')} required maxLength={200} {...field('title')} />
        <TextInput label={t('form.company')} required maxLength={200} autoComplete="organization" {...field('company')} />
        <Select
          label={t('form.country')}
          placeholder={t('form.countryPlaceholder')}
          data={countryOptions}
          searchable
          required
          nothingFoundMessage={t('form.noCountry')}
          allowDeselect={false}
          {...field('country')}
        />
        <Autocomplete
          label={t('form.category')}
          placeholder={t('form.categoryPlaceholder')}
          description={t('form.categoryHint')}
          data={categoryLabels}
          required
          maxLength={100}
          {...field('category')}
        />
        <Textarea label={t('form.description')} required autosize minRows={5} maxRows={16} maxLength={10_000} {...field('description')} />
        <TextInput
          type="date"
          label={t('form.closesOn')}
          description={closesAt ? t('form.closesOnCurrent', { date: formatDate(closesAt, i18n.language) }) : t('form.closesOnHint')}
          min={utcDay(new Date(Date.now() + 24 * 60 * 60 * 1000))}
          max={latestClosingDay()}
          {...field('closesOn')}
        />
        {/* Optional and grouped, two to a row even on a phone, so the form stays short. */}
        <Fieldset legend={t('form.detailsLegend')} variant="filled" p="sm">
          <SimpleGrid cols={2} spacing="sm">
            <NativeSelect label={t('form.employmentType')} data={options(EMPLOYMENT_TYPES, 'employmentTypes')} {...field('employmentType')} />
            <NativeSelect label={t('form.workplace')} data={options(WORKPLACES, 'workplaces')} {...field('workplace')} />
            <TextInput label={t('form.salaryMin')} inputMode="decimal" maxLength={14} {...field('salaryMin')} />
            <TextInput label={t('form.salaryMax')} inputMode="decimal" maxLength={14} {...field('salaryMax')} />
            <NativeSelect
              label={t('form.salaryCurrency')}
              data={[
                { value: '', label: defaultCurrency ? t('form.currencyOfCountry', { currency: defaultCurrency }) : t('form.notSpecified') },
                ...CURRENCIES.map((c) => ({ value: c, label: c })),
              ]}
              {...field('salaryCurrency')}
            />
            <NativeSelect
              label={t('form.salaryPeriod')}
              data={[
                { value: '', label: t('jobs:periods.month') },
                ...SALARY_PERIODS.filter((p) => p !== 'month').map((value) => ({ value, label: t(`jobs:periods.${value}`) })),
              ]}
              {...field('salaryPeriod')}
            />
          </SimpleGrid>
          <TextInput
            mt="sm"
            label={t('form.salary')}
            description={t('form.salaryTextHint')}
            placeholder={t('form.salaryPlaceholder')}
            maxLength={100}
            {...field('salary')}
          />
        </Fieldset>
        <TextInput label={t('form.address')} description={t('form.optional')} maxLength={300} autoComplete="street-address" {...field('address')} />
        <QuestionsEditor form={form} editing={!!closesAt} />
        <Group justify="flex-end">
          <Button component={Link} to={paths.employerDashboard.to()} variant="default">
            {t('form.cancel')}
          </Button>
          <Button type="submit" disabled={busy} leftSection={busy ? <Loader size={14} color="gray" aria-hidden /> : undefined}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
