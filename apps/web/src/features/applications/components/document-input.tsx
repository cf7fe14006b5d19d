import { FileInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { APPLICATION_FILE_EXTENSIONS } from '@caribconnect/shared';

const ACCEPT = `${APPLICATION_FILE_EXTENSIONS.join(',')},application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document`;

/**
 * Why a chosen file cannot be sent (a catalog key), or null when it can. `maxMb` is the server's cap
 * (GET /api/config); the server checks again, this only spares a doomed upload.
 */
export function documentProblem(file: File | null, maxMb: number | undefined): 'apply.wrongType' | 'apply.tooLarge' | null {
  if (!file) return null;
  const name = file.name.toLowerCase();
  if (!APPLICATION_FILE_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'apply.wrongType';
  if (maxMb !== undefined && file.size > maxMb * 1024 * 1024) return 'apply.tooLarge';
  return null;
}

interface Props {
  /** The multipart field the form posts the file as, before the scripts run (lib/form-post.ts). */
  name: string;
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  maxMb: number | undefined;
  error?: string | null;
  disabled?: boolean;
}

export function DocumentInput({ name, label, value, onChange, maxMb, error, disabled }: Props) {
  const { t } = useTranslation('applications');
  return (
    <FileInput
      name={name}
      label={label}
      description={maxMb === undefined ? t('apply.fileHintTypes') : t('apply.fileHint', { mb: maxMb })}
      placeholder={t('apply.filePlaceholder')}
      accept={ACCEPT}
      value={value}
      onChange={onChange}
      error={error}
      clearable
      // Mantine leaves the clear button unnamed (axe: button-name); it names the file it removes.
      clearButtonProps={{ 'aria-label': t('apply.removeFile', { label }) }}
      disabled={disabled}
    />
  );
}
