import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { ConsultantInput, MyConsultant } from '@caribconnect/shared';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/errors';
import { useSaveConsultant } from '../api/save-consultant';
import { ConsultantForm, type ConsultantFormValues, type FormVariant } from './consultant-form';
import type { PickedPhoto } from './photo-picker';

const EMPTY: ConsultantFormValues = { fullName: '', contactInfo: '', country: '', specialty: '', phone: '', bio: '' };

/** A refused picture (type, size, unreadable) rather than a refused form. */
const isPhotoError = (err: unknown) => err instanceof ApiError && (err.status === 413 || err.status === 415);

/**
 * The form with its save: one request carries the fields and the photo. Failures as the spec words
 * them per variant: 'Avatar upload failed.' / 'Upload failed.' for the photo; 'Error saving profile.'
 * as an alert (first variant) or the server's message (bio variant).
 */
export function ConsultantEditor({
  variant,
  email,
  current,
  defaultName,
  onSaved,
  onCancel,
}: {
  variant: FormVariant;
  email: string;
  current?: MyConsultant;
  defaultName?: string;
  onSaved: (saved: MyConsultant) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('consultants');
  const errorText = useErrorText();
  const save = useSaveConsultant();
  const [photo, setPhoto] = useState<PickedPhoto | null>(null);
  const [error, setError] = useState<{ title: string; detail?: string } | null>(null);
  const initialValues: ConsultantFormValues = current
    ? {
        fullName: current.fullName,
        contactInfo: current.contactInfo,
        country: current.country,
        specialty: current.specialty,
        phone: current.phone,
        bio: current.bio,
      }
    : { ...EMPTY, fullName: defaultName ?? '' };

  const submit = (values: ConsultantInput) => {
    setError(null);
    save.mutate(
      { values, photo },
      {
        onSuccess: onSaved,
        onError: (err) => {
          if (isPhotoError(err)) return setError({ title: variant === 'bio' ? t('setup.uploadFailed') : t('setup.avatarFailed'), detail: errorText(err) });
          if (variant === 'phone') return toast(t('setup.errorSaving'), 'error');
          if (variant === 'bio') return setError({ title: errorText(err, t('setup.errorSaving')) });
          setError({ title: t('setup.errorSaving'), detail: errorText(err) });
        },
      },
    );
  };

  return (
    <ConsultantForm
      variant={variant}
      email={email}
      initialValues={initialValues}
      photoUrl={current?.photoUrl}
      photo={photo}
      onPhoto={setPhoto}
      busy={save.isPending}
      progress={save.progress}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
    />
  );
}
