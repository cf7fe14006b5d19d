import { FileInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { APPLICATION_FILE_EXTENSIONS } from '@caribconnect/shared';

/** The server's default cap (MAX_UPLOAD_MB); it checks again, this only spares a doomed upload. */
export const MAX_UPLOAD_MB = 5;
const ACCEPT = `${APPLICATION_FILE_EXTENSIONS.join(',')},application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document`;

/** Why a chosen file cannot be sent (a catalog key), or null when it can. */
export function documentProblem(file: File | null): 'apply.wrongType' | 'apply.tooLarge' | null {
  if (!file) return null;
  const name = file.name.toLowerCase();
  if (!APPLICATION_FILE_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'apply.wrongType';
  if (file.size > MAX_UPLOAD_MB * 1024 * 1024) return 'apply.tooLarge';
  return null;
}

interface Props {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | null;
  disabled?: boolean;
}

export function DocumentInput({ label, value, onChange, error, disabled }: Props) {
  const { t } = useTranslation('applications');
  return (
    <FileInput
      label={label}
      description={t('apply.fileHint', { mb: MAX_UPLOAD_MB })}
      placeholder={t('apply.filePlaceholder')}
      accept={ACCEPT}
      value={value}
      onChange={onChange}
      error={error}
      clearable
      disabled={disabled}
    />
  );
}
