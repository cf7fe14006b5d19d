import { FileInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { uploadAccept, uploadProblem } from '@caribconnect/shared/constants/uploads';
import { useCheckedFile } from '../../../components/checked-file';

/**
 * Why a chosen file cannot be sent (a catalog key), or null when it can: the accepted types of
 * packages/shared's UPLOAD_KINDS and `maxMb`, the server's cap (GET /api/config). The server checks
 * again; this only spares a doomed upload.
 */
export function documentProblem(file: File | null, maxMb: number | undefined): 'apply.wrongType' | 'apply.tooLarge' | null {
  if (!file) return null;
  const problem = uploadProblem('document', file, maxMb === undefined ? undefined : maxMb * 1024 * 1024);
  return problem === 'type' ? 'apply.wrongType' : problem === 'size' ? 'apply.tooLarge' : null;
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

/** A resume or cover letter field: its hint and `accept` come from the shared upload rules, and the form shows `error` as soon as a file is chosen. */
export function DocumentInput({ name, label, value, onChange, error, disabled }: Props) {
  const { t } = useTranslation('applications');
  const { hint } = useCheckedFile('document');
  return (
    <FileInput
      name={name}
      label={label}
      description={t('apply.fileHint', { accepted: hint })}
      placeholder={t('apply.filePlaceholder')}
      accept={uploadAccept('document')}
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
