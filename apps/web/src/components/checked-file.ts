import { useState } from 'react';
import { useTranslation } from '../lib/use-translation';
import { UPLOAD_KINDS, uploadAccept, uploadProblem, type UploadKind } from '@caribconnect/shared/constants/uploads';
import { useConfig } from '../lib/config';
import { shrinkImage } from '../lib/shrink-image';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => +(bytes / MB).toFixed(1);

export interface CheckedFile {
  /** For the file input's `accept`: the kind's types and extensions. */
  accept: string;
  /** What the field takes, for its description: 'JPEG, PNG, WebP, GIF, AVIF or HEIC, up to 5 MB'. */
  hint: string;
  /** Why the last chosen file was refused, or null. */
  error: string | null;
  /**
   * Checks a chosen file (after shrinking it, for pictures that are shrunk before sending) and gives
   * back what to send, or null with `error` set when it cannot be sent. null in, null out.
   */
  choose: (file: File | null) => Promise<File | null>;
  /** Forgets a refusal, e.g. when the field is cleared. */
  clear: () => void;
}

export interface CheckedFileOptions {
  /** Pictures the form shrinks in the browser before sending (lib/shrink-image.ts): the cap applies to the result. */
  shrink?: Parameters<typeof shrinkImage>[1];
}

/**
 * A file field's rules, applied the moment a file is chosen rather than after pressing Send: the
 * accepted types (packages/shared's UPLOAD_KINDS, which the server checks too) and the size cap of
 * the kind from GET /api/config (MAX_UPLOAD_MB, or MAX_VIDEO_MB for videos). The server still
 * checks the content; this spares a doomed upload and a broken preview.
 */
export function useCheckedFile(kind: UploadKind, options: CheckedFileOptions = {}): CheckedFile {
  const { t } = useTranslation('uploads');
  const config = useConfig();
  const [error, setError] = useState<string | null>(null);
  const capBytes = config && (UPLOAD_KINDS[kind].cap === 'video' ? config.maxVideoBytes : config.maxUploadBytes);
  const types = t(`types.${kind}`);

  const choose = async (file: File | null): Promise<File | null> => {
    setError(null);
    if (!file) return null;
    let chosen = file;
    // Shrinking first lets a browser that can draw a photo of another format (HEIC in Safari) turn
    // it into a JPEG the field takes.
    if (options.shrink && file.type.startsWith('image/')) {
      const { blob, name } = await shrinkImage(file, options.shrink);
      if (blob !== file) chosen = new File([blob], name, { type: blob.type });
    }
    if (uploadProblem(kind, chosen, undefined) === 'type') {
      setError(t('wrongType', { types }));
      return null;
    }
    if (capBytes !== undefined && uploadProblem(kind, chosen, capBytes) === 'size') {
      setError(t('tooLarge', { size: megabytes(chosen.size), mb: megabytes(capBytes) }));
      return null;
    }
    return chosen;
  };

  return {
    accept: uploadAccept(kind),
    hint: capBytes === undefined ? types : t('hint', { types, mb: megabytes(capBytes) }),
    error,
    choose,
    clear: () => setError(null),
  };
}
