import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import { Alert, Anchor, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  CARIBBEAN_COUNTRIES,
  COMPANY_ABOUT_MAX,
  COMPANY_NAME_MAX,
  COMPANY_SIZE_BANDS,
  COUNTRIES,
  companyUpdate,
  FALLBACK_JOB_CATEGORIES,
  type MyCompany,
} from '@caribconnect/shared';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { Page } from '../../../components/page';
import { RequireUser } from '../../../components/require-user';
import { ErrorState, LoadingState } from '../../../components/states';
import { toast } from '../../../components/toast';
import { useCountryName, useCountryOptions } from '../../../lib/country-name';
import { useErrorText } from '../../../lib/errors';
import { formValidator } from '../../../lib/form-validator';
import { useJobCategoryLabel } from '../../../lib/job-category-label';
import { paths } from '../../../lib/paths';
import { useMyCompany, useUpdateCompany } from '../api/my-company';
import { CompanyLogo } from '../components/company-logo';
import { LogoUpload } from '../components/logo-upload';

interface Values {
  name: string;
  about: string;
  website: string;
  sizeBand: string;
  industry: string;
  country: string;
  hiresIn: string[];
  foundedYear: string;
}

const valuesOf = (c: MyCompany): Values => ({
  name: c.name,
  about: c.about,
  website: c.website,
  sizeBand: c.sizeBand ?? '',
  industry: c.industry ?? '',
  country: c.country,
  hiresIn: c.hiresIn,
  foundedYear: c.foundedYear ? String(c.foundedYear) : '',
});

function EditForm({ company }: { company: MyCompany }) {
  const { t } = useTranslation('companies');
  const errorText = useErrorText();
  const categoryLabel = useJobCategoryLabel();
  const countryName = useCountryName();
  const update = useUpdateCompany();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: valuesOf(company), validate: formValidator<Values>(companyUpdate) });
  const countries = [{ value: '', label: t('edit.chooseCountry') }, ...useCountryOptions(COUNTRIES)];
  // The region's countries, and any other the company already named (so saving keeps them).
  const hiresInChoices = [...new Set([...CARIBBEAN_COUNTRIES, ...company.hiresIn])];

  const submit = form.onSubmit((values) => {
    setFailure(null);
    update.mutate({ ...values, foundedYear: values.foundedYear === '' ? null : Number(values.foundedYear) } as never, {
      onSuccess: (saved) => {
        form.resetDirty(valuesOf(saved));
        toast(t('edit.saved'));
      },
      onError: (err) => setFailure(errorText(err, t('edit.failed'))),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('edit.name')} description={t('edit.nameHint')} required maxLength={COMPANY_NAME_MAX} {...form.getInputProps('name')} />
        <Textarea
          label={t('about')}
          description={t('edit.aboutHint')}
          autosize
          minRows={4}
          maxRows={14}
          maxLength={COMPANY_ABOUT_MAX}
          {...form.getInputProps('about')}
        />
        <TextInput label={t('website')} type="url" placeholder="https://" {...form.getInputProps('website')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={t('facts.size')}
            data={[{ value: '', label: t('edit.notSaid') }, ...COMPANY_SIZE_BANDS.map((b) => ({ value: b, label: t('facts.employees', { band: b }) }))]}
            {...form.getInputProps('sizeBand')}
          />
          <NativeSelect
            label={t('facts.industry')}
            data={[{ value: '', label: t('edit.notSaid') }, ...FALLBACK_JOB_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }))]}
            {...form.getInputProps('industry')}
          />
          <NativeSelect label={t('facts.headOffice')} data={countries} {...form.getInputProps('country')} />
          <TextInput label={t('facts.founded')} inputMode="numeric" maxLength={4} {...form.getInputProps('foundedYear')} />
        </SimpleGrid>
        <Checkbox.Group label={t('facts.hiresIn')} description={t('edit.hiresInHint')} {...form.getInputProps('hiresIn')}>
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing={6} mt="xs">
            {hiresInChoices.map((c) => (
              <Checkbox key={c} value={c} label={countryName(c)} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Settings() {
  const { t } = useTranslation('companies');
  const company = useMyCompany();
  if (company.isPending) return <LoadingState label={t('loadingCompany')} />;
  if (company.error || !company.data) return <ErrorState message={t('loadFailed')} onRetry={() => void company.refetch()} />;
  const c = company.data;
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="wrap">
        <CompanyLogo name={c.name} logoUrl={c.logoUrl} size={56} />
        <Stack gap={2}>
          <Anchor component={Link} to={paths.company.to(c.slug)}>
            {t('team.publicPage')}
          </Anchor>
          <Anchor component={Link} to={paths.companyTeam.to()} size="sm">
            {t('team.title')}
          </Anchor>
        </Stack>
      </Group>
      {c.myRole === 'owner' ? (
        <>
          <Paper withBorder p="md">
            <LogoUpload hasLogo={!!c.logoUrl} />
          </Paper>
          <EditForm key={c.id} company={c} />
        </>
      ) : (
        <Text>{t('edit.ownersOnly')}</Text>
      )}
    </Stack>
  );
}

/** /employer/company: the company's public details and logo (owners edit; others read where to find them). */
export default function CompanySettingsScreen() {
  const { t } = useTranslation('companies');
  return (
    <Page title={t('edit.title')} size="sm">
      <RequireUser signedOut={t('team.signedOut')} roles={['employer']} wrongRole={t('team.employersOnly')}>
        {() => <Settings />}
      </RequireUser>
    </Page>
  );
}
