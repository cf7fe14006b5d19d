import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConsultantInput, MyConsultant } from '@caribconnect/shared';
import { uploadWithProgress } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';
import { consultantKeys } from './keys';

export interface SaveConsultantVars {
  values: ConsultantInput;
  photo?: { blob: Blob; name: string } | null;
}

export const saveConsultant = ({ values, photo }: SaveConsultantVars, onProgress: (percent: number) => void) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, value ?? '');
  // The file goes last, after the fields it belongs with.
  if (photo) form.append('photo', photo.blob, photo.name);
  return uploadWithProgress<MyConsultant>('/api/consultants/me', form, onProgress, 'PUT');
};

/**
 * Creates or updates your consultant record, photo included, in one request. Completing it the
 * first time may make a job seeker a consultant, so the session is read again.
 */
export function useSaveConsultant() {
  const qc = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (vars: SaveConsultantVars) => {
      setProgress(0);
      return saveConsultant(vars, setProgress);
    },
    onSuccess: (saved) => {
      qc.setQueryData(consultantKeys.mine(), saved);
      void qc.invalidateQueries({ queryKey: consultantKeys.lists() });
      void qc.invalidateQueries({ queryKey: consultantKeys.detail(saved.userId) });
      void qc.invalidateQueries({ queryKey: ['profiles'] });
      void qc.invalidateQueries({ queryKey: sessionKeys.me() });
    },
  });
  return { ...mutation, progress };
}
