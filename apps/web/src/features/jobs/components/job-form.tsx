import { Alert, Autocomplete, Button, Group, Loader, Paper, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useCountryOptions } from '../../../lib/country-name';
import { formValidator } from '../../../lib/form-validator';
import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, jobInput, type JobInput } from '@caribconnect/shared';
import { useJobCategoryNames } from '../api/get-job-categories';
import { useJobCategoryLabel } from '../../../lib/job-category-label';

export type JobFormValues = Required<JobInput>;

export const EMPTY_JOB: JobFormValues = {
  title: '',
  company: '',
  country: '' as JobFormValues['country'],
  category: '',
  description: '',
  salary: '',
  address: '',
};

interface Props {
  initialValues: JobFormValues;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  error?: string | null;
  onSubmit: (values: JobFormValues) => void;
}

/** Post a New Job and Edit Job share this form (spec section 5), validated by the server's own schema. */
export function JobForm({ initialValues, submitLabel, busyLabel, busy, error, onSubmit }: Props) {
  const { t, i18n } = useTranslation('jobs');
  const categories = useJobCategoryNames();
  const categoryLabel = useJobCategoryLabel();
  // Categories are offered and typed in the reader's language, and stored by their English name.
  const categoryLabels = useMemo(
    () => categories.map(categoryLabel).sort(new Intl.Collator(i18n.language).compare),
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
        <TextInput label={t('form.salary')} description={t('form.optional')} placeholder={t('form.salaryPlaceholder')} maxLength={100} {...field('salary')} />
        <TextInput label={t('form.address')} description={t('form.optional')} maxLength={300} autoComplete="street-address" {...field('address')} />
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
