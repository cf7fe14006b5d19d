import { Alert, Button, Group, Loader, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useTranslation } from '../../../lib/use-translation';
import { CARIBBEAN_COUNTRIES, consultantBioForm, consultantInput, consultantPhoneForm, SPECIALTIES, type ConsultantInput } from '@caribconnect/shared';
import { useCountryOptions } from '../../../lib/country-name';
import { PhotoPicker, type PickedPhoto } from './photo-picker';

/** 'phone': Complete Your Consultant Profile; 'bio': Complete Consultant Profile; 'edit': the dashboard's Edit, with both. */
export type FormVariant = 'phone' | 'bio' | 'edit';

const SCHEMAS = { phone: consultantPhoneForm, bio: consultantBioForm, edit: consultantInput };

/** The shared schema speaks English; these of its messages are shown in the reader's language. */
const SCHEMA_MESSAGES: Record<string, string> = {
  'Full name is required.': 'setup.errors.fullName',
  'Contact info is required.': 'setup.errors.contactInfo',
  'Please select a country from the list.': 'setup.errors.country',
  'Please select a specialty.': 'setup.errors.specialty',
  'Phone is required.': 'setup.errors.phone',
  'Bio is required.': 'setup.errors.bio',
};

export type ConsultantFormValues = Required<{ [K in keyof ConsultantInput]: string }>;

interface Props {
  variant: FormVariant;
  email: string;
  initialValues: ConsultantFormValues;
  photoUrl?: string | null;
  photo: PickedPhoto | null;
  onPhoto: (photo: PickedPhoto | null) => void;
  busy: boolean;
  progress: number;
  error?: { title: string; detail?: string } | null;
  onSubmit: (values: ConsultantInput) => void;
  onCancel?: () => void;
}

/** Consultant setup (spec section 5): full name, phone, country, specialty, contact info required; email read-only. */
export function ConsultantForm({ variant, email, initialValues, photoUrl, photo, onPhoto, busy, progress, error, onSubmit, onCancel }: Props) {
  const { t } = useTranslation('consultants');
  const countries = useCountryOptions(CARIBBEAN_COUNTRIES);
  const form = useForm<ConsultantFormValues>({ initialValues, validate: schemaResolver(SCHEMAS[variant], { sync: true }), validateInputOnBlur: true });
  const field = (name: keyof ConsultantFormValues) => {
    const props = form.getInputProps(name);
    const key = typeof props.error === 'string' ? SCHEMA_MESSAGES[props.error] : undefined;
    return key ? { ...props, error: t(key) } : props;
  };
  const uploading = busy && photo !== null && progress < 100;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={form.onSubmit((v) => onSubmit(v as ConsultantInput))} noValidate>
      <Stack>
        {error && (
          <Alert color="red" role="alert" title={error.title}>
            {error.detail && <Text size="sm">{error.detail}</Text>}
          </Alert>
        )}
        <PhotoPicker name={form.values.fullName} currentUrl={photoUrl ?? null} photo={photo} onChange={onPhoto} disabled={busy} />
        <TextInput label={t('setup.fullName')} required maxLength={120} autoComplete="name" {...field('fullName')} />
        <TextInput label={t('setup.email')} description={t('setup.emailHint')} value={email} readOnly />
        <TextInput label={t('setup.contactInfo')} description={t('setup.contactInfoHint')} required maxLength={200} {...field('contactInfo')} />
        <Select
          label={t('setup.country')}
          placeholder={t('setup.countryPlaceholder')}
          data={countries}
          searchable
          required
          allowDeselect={false}
          {...field('country')}
        />
        <Select
          label={t('setup.specialty')}
          placeholder={t('setup.specialtyPlaceholder')}
          data={SPECIALTIES.map((s) => ({ value: s, label: t(`specialties.${s}`) }))}
          required
          allowDeselect={false}
          {...field('specialty')}
        />
        {variant !== 'bio' && (
          <TextInput label={t('setup.phone')} type="tel" required={variant === 'phone'} maxLength={40} autoComplete="tel" {...field('phone')} />
        )}
        {variant !== 'phone' && (
          <Textarea label={t('setup.bio')} required={variant === 'bio'} autosize minRows={3} maxRows={8} maxLength={1000} {...field('bio')} />
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t('setup.cancel')}
            </Button>
          )}
          <Button type="submit" disabled={busy} leftSection={busy ? <Loader size={14} color="gray" aria-hidden /> : undefined}>
            {uploading ? t('setup.uploading', { percent: progress }) : busy ? t('setup.saving') : t('setup.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
