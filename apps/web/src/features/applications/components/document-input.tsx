import { CloseButton, Group, Input } from '@mantine/core';
import { useId, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { uploadAccept, uploadProblem } from '@caribconnect/shared/constants/uploads';
import { useCheckedFile } from '../../../components/checked-file';
import { useTypedBeforeHydration } from '../../../lib/use-typed-before-hydration';

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

/**
 * A resume or cover letter field: its hint and `accept` come from the shared upload rules, and the
 * form shows `error` as soon as a file is chosen.
 *
 * The browser's own file input, in the server's HTML: on a slow phone a person can choose a file
 * before the scripts have run, and the form posts it without them (a look-alike button would do
 * nothing until hydration). Hydration keeps the same element, and a file chosen before it becomes the
 * form's (useTypedBeforeHydration: a chosen file gives the input a value the server did not render).
 */
export function DocumentInput({ name, label, value, onChange, error, disabled }: Props) {
  const { t } = useTranslation('applications');
  const { hint } = useCheckedFile('document');
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  const chosen = () => ref.current?.files?.[0] ?? null;
  useTypedBeforeHydration(ref, '', () => onChange(chosen()));
  const clear = () => {
    if (ref.current) ref.current.value = '';
    onChange(null);
    ref.current?.focus();
  };
  return (
    <Input.Wrapper id={id} label={label} description={t('apply.fileHint', { accepted: hint })} error={error}>
      <Group gap="xs" wrap="nowrap">
        <Input
          component="input"
          type="file"
          ref={ref}
          id={id}
          name={name}
          accept={uploadAccept('document')}
          onChange={() => onChange(chosen())}
          error={!!error}
          disabled={disabled}
          flex={1}
          // The browser draws the button and the file's name; the box only frames them.
          styles={{ input: { cursor: disabled ? undefined : 'pointer' } }}
        />
        {value && (
          // The browser's input has no way to unchoose a file; this names the one it removes.
          <CloseButton aria-label={t('apply.removeFile', { label })} onClick={clear} disabled={disabled} />
        )}
      </Group>
    </Input.Wrapper>
  );
}
