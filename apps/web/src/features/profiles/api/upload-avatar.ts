import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Profile } from '@caribconnect/shared';
import { uploadWithProgress } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';

export const uploadAvatar = (file: Blob, fileName: string, onProgress: (percent: number) => void) => {
  const form = new FormData();
  form.append('avatar', file, fileName);
  return uploadWithProgress<{ avatarUrl: string }>('/api/profiles/me/avatar', form, onProgress);
};

/** Uploads the owner's avatar with progress, then shows it at once without waiting for a refetch. */
export function useUploadAvatar(userId: string) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: ({ file, fileName }: { file: Blob; fileName: string }) => {
      setProgress(0);
      return uploadAvatar(file, fileName, setProgress);
    },
    onSuccess: ({ avatarUrl }) => {
      qc.setQueryData<Profile>(['profiles', userId], (old) => (old ? { ...old, avatarUrl } : old));
      void qc.invalidateQueries({ queryKey: sessionKeys.me() });
    },
  });
  return { ...mutation, progress };
}
