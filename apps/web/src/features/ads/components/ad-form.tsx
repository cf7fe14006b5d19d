import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Progress.css';
import { Alert, Button, Checkbox, Group, Loader, Paper, Progress, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useCallback, useState } from 'react';
import { Link } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import {
  AD_DESCRIPTION_MAX,
  AD_TITLE_MAX,
  AD_TOWN_MAX,
  adFields,
  CARIBBEAN_COUNTRIES,
  CURRENCIES,
  currencyOfCountry,
  type Ad,
  type AdPriceKind,
} from '@caribconnect/shared';
import { useCountryOptions } from '../../../lib/country-name';
import { paths } from '../../../lib/paths';
import type { AdSubmission } from '../api/ad-upload';
import { useAdCategories } from '../api/get-ad-categories';
import classes from './ads.module.css';
import { ImageField } from './image-field';
import { useCategoryLabel } from './use-category-label';
import { VideoField, type ChosenVideo } from './video-field';

export interface AdFormValues {
  title: string;
  description: string;
  categoryId: string;
  country: string;
  town: string;
  priceKind: AdPriceKind;
  price: string;
  currency: string;
  /** '' or 'true', as the multipart field carries it (the schema checks the same values). */
  negotiable: string;
}

/** The shared schema speaks English; these of its messages are shown in the reader's language. */
const SCHEMA_MESSAGES: Record<string, string> = {
  'Title is required.': 'form.errors.title',
  'Description is required.': 'form.errors.description',
  'Please select a category.': 'form.errors.category',
  'Please choose a country.': 'form.errors.country',
  'Town must be at most 100 characters.': 'form.errors.town',
  'Enter a price, or choose Free or Price on request.': 'form.errors.priceRequired',
  'Enter a price of 0 or more, with at most 2 decimals.': 'form.errors.priceInvalid',
  'Choose a currency from the list.': 'form.errors.currency',
  'A free ad has no price.': 'form.errors.priceNotAllowed',
  'An ad with price on request has no price.': 'form.errors.priceNotAllowed',
};

interface Props {
  /** Edit Ad: the ad as it is. */
  ad?: Ad;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  progress: number;
  error?: string | null;
  onSubmit: (submission: AdSubmission) => void;
}

/** Post an Ad and Edit Ad (spec section 5: title, description and category required; image and video optional). */
export function AdForm({ ad, submitLabel, busyLabel, busy, progress, error, onSubmit }: Props) {
  const { t } = useTranslation('ads');
  const categories = useAdCategories();
  const categoryLabel = useCategoryLabel();
  const form = useForm<AdFormValues>({
    initialValues: {
      title: ad?.title ?? '',
      description: ad?.description ?? '',
      categoryId: ad?.categoryId ?? '',
      // An ad posted before countries were asked has none: its owner chooses one now.
      country: ad?.country ?? '',
      town: ad?.town ?? '',
      priceKind: ad?.priceKind ?? 'amount',
      price: ad?.priceKind === 'amount' && ad.price !== null ? String(ad.price) : '',
      currency: ad?.currency ?? '',
      negotiable: ad?.negotiable ? 'true' : '',
    },
    validate: schemaResolver(adFields, { sync: true }),
    validateInputOnBlur: true,
  });
  const [image, setImage] = useState<File | null>(null);
  const [video, setVideo] = useState<ChosenVideo | null>(null);
  const [currencyChosen, setCurrencyChosen] = useState(!!ad?.currency);
  const [removeImage, setRemoveImage] = useState(false);
  const [removeVideo, setRemoveVideo] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const onBusy = useCallback((b: boolean) => setCapturing(b), []);

  const field = (name: keyof AdFormValues) => {
    const props = form.getInputProps(name);
    const key = typeof props.error === 'string' ? SCHEMA_MESSAGES[props.error] : undefined;
    return key ? { ...props, error: t(key) } : props;
  };

  const submit = (values: AdFormValues) => {
    onSubmit({
      ...values,
      negotiable: values.negotiable === 'true',
      // Shrunk and checked when it was chosen (ImageField).
      image: image && { blob: image, name: image.name },
      video: video?.file ?? null,
      preview: video?.frame ?? null,
      removeImage: !image && removeImage,
      removeVideo: !video && removeVideo,
    });
  };

  const working = busy || preparing;
  const options = (categories.data ?? []).map((c) => ({ value: c.id, label: categoryLabel(c.slug, c.name) }));
  const countries = useCountryOptions(CARIBBEAN_COUNTRIES);
  const priceKinds = [
    { value: 'amount', label: t('form.priceKindAmount') },
    { value: 'free', label: t('form.priceKindFree') },
    { value: 'on_request', label: t('form.priceKindOnRequest') },
  ];
  const country = field('country');
  const currency = field('currency');
  // The currency follows the country until the poster picks one.
  const chooseCountry = (value: string | null) => {
    form.setFieldValue('country', value ?? '');
    if (!currencyChosen) form.setFieldValue('currency', (value && currencyOfCountry(value)) || '');
  };
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={form.onSubmit(submit)} noValidate>
      <Stack>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput label={t('form.title')} required maxLength={AD_TITLE_MAX} {...field('title')} />
        <Textarea label={t('form.description')} required autosize minRows={4} maxRows={14} maxLength={AD_DESCRIPTION_MAX} {...field('description')} />
        <Select
          label={t('form.category')}
          placeholder={t('form.categoryPlaceholder')}
          data={options}
          required
          allowDeselect={false}
          disabled={categories.isPending}
          {...field('categoryId')}
        />
        {/* Two short rows on a phone: place, then price. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('form.country')}
            placeholder={t('form.countryPlaceholder')}
            data={countries}
            required
            searchable
            allowDeselect={false}
            {...country}
            onChange={chooseCountry}
          />
          <TextInput label={t('form.town')} maxLength={AD_TOWN_MAX} autoComplete="address-level2" {...field('town')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: form.values.priceKind === 'amount' ? 2 : 1, sm: 3 }} spacing="sm">
          <Select
            label={t('form.priceKind')}
            data={priceKinds}
            allowDeselect={false}
            {...field('priceKind')}
            onChange={(value) => {
              form.setFieldValue('priceKind', (value ?? 'amount') as AdPriceKind);
              // Free and Price on request carry no price: a hidden leftover would be refused.
              if (value !== 'amount') form.setValues({ price: '', negotiable: '' });
            }}
            className={form.values.priceKind === 'amount' ? classes.priceKind : undefined}
          />
          {form.values.priceKind === 'amount' && (
            <>
              <TextInput label={t('form.price')} required inputMode="decimal" autoComplete="off" {...field('price')} />
              <Select
                label={t('form.currency')}
                placeholder={t('form.currencyPlaceholder')}
                data={[...CURRENCIES]}
                allowDeselect={false}
                {...currency}
                onChange={(value) => {
                  setCurrencyChosen(true);
                  form.setFieldValue('currency', value ?? '');
                }}
              />
            </>
          )}
        </SimpleGrid>
        {form.values.priceKind === 'amount' && (
          <Checkbox
            label={t('form.negotiable')}
            checked={form.values.negotiable === 'true'}
            onChange={(e) => form.setFieldValue('negotiable', e.currentTarget.checked ? 'true' : '')}
          />
        )}
        <ImageField
          file={image}
          onFile={setImage}
          onBusy={setPreparing}
          current={ad?.image}
          removed={removeImage}
          onRemovedChange={ad ? setRemoveImage : undefined}
        />
        <VideoField
          value={video}
          onChange={setVideo}
          onBusy={onBusy}
          current={ad?.video}
          removed={removeVideo}
          onRemovedChange={ad ? setRemoveVideo : undefined}
        />
        {busy && (
          <Stack gap={4}>
            <Progress value={progress} aria-label={t('form.progressLabel')} animated={progress < 100} />
            <Text size="xs" c="dimmed" aria-live="polite">
              {t('form.uploading', { percent: progress })}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button component={Link} to={paths.ads.to()} variant="default">
            {t('form.cancel')}
          </Button>
          <Button type="submit" disabled={working || capturing} leftSection={working ? <Loader size={14} color="gray" aria-hidden /> : undefined}>
            {working ? busyLabel : submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
