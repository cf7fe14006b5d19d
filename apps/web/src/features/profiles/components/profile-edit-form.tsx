import { Alert, Autocomplete, Button, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from '../../../lib/use-translation';
import { COUNTRIES, updateProfileBody, type Profile } from '@caribconnect/shared';
import { useCountryOptions } from '../../../lib/country-name';
import { formValidator } from '../../../lib/form-validator';
import { useUpdateProfile } from '../api/update-profile';

type Values = { fullName: string; phone: string; country: string; bio: string };

// Mirrors the shared schema's limits, so a field cannot be typed past what the server accepts.
const MAX = { fullName: 120, phone: 40, country: 80, bio: 2000 } as const;

/** The owner's edit mode: Save returns to view mode, Cancel leaves with the values untouched. */
export function ProfileEditForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { t } = useTranslation('profiles');
  const update = useUpdateProfile();
  // Countries are suggested and typed in the reader's language, and stored by their English name.
  const countries = useCountryOptions(COUNTRIES);
  const shown = (stored: string) => countries.find((c) => c.value === stored)?.label ?? stored;
  const stored = (typed: string) => countries.find((c) => c.label === typed.trim())?.value ?? typed;
  const form = useForm<Values>({
    initialValues: { fullName: profile.fullName, phone: profile.phone, country: shown(profile.country), bio: profile.bio },
    validate: formValidator<Values>(updateProfileBody),
  });

  const submit = form.onSubmit((values) => update.mutate({ ...values, country: stored(values.country) }, { onSuccess: onDone }));
  const field = (name: keyof Values) => {
    const props = form.getInputProps(name);
    return { ...props, maxLength: MAX[name] };
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="profile-edit-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="profile-edit-title">
          {t('editTitle')}
        </Title>
        {update.isError && (
          <Alert color="red" role="alert">
            {t('updateFailed')}
          </Alert>
        )}
        {/* The person just asked to edit: put them in the first field. */}
        <TextInput label={t('fields.fullName')} autoComplete="name" autoFocus {...field('fullName')} />
        <TextInput label={t('fields.email')} value={profile.email} readOnly description={t('emailReadOnly')} variant="filled" />
        <TextInput label={t('fields.phone')} type="tel" autoComplete="tel" {...field('phone')} />
        <Autocomplete
          label={t('fields.country')}
          placeholder={t('countryPlaceholder')}
          data={countries.map((c) => c.label)}
          limit={8}
          autoComplete="country-name"
          {...field('country')}
        />
        <Textarea label={t('fields.bio')} autosize minRows={4} maxRows={12} {...field('bio')} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={update.isPending} loaderProps={{ 'aria-label': t('saving') }}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
