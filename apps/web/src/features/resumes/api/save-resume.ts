import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyResume, SaveResumeBody } from '@caribconnect/shared';
import { uploadWithProgress } from '../../../lib/api-client';
import { resumeKeys } from './keys';

export interface SaveResumeInput {
  resume: SaveResumeBody;
  file: File | null;
  onProgress: (percent: number) => void;
}

/** One multipart request (fields as JSON, then the optional file), through XHR for upload progress. */
export function useSaveResume() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ resume, file, onProgress }: SaveResumeInput) => {
      const form = new FormData();
      form.set('resume', JSON.stringify(resume));
      if (file) form.set('resumeFile', file);
      return uploadWithProgress<MyResume>('/api/resumes/me', form, onProgress, 'PUT');
    },
    onSuccess: (saved) => {
      qc.setQueryData(resumeKeys.mine(), saved);
      void qc.invalidateQueries({ queryKey: resumeKeys.detail(saved.userId) });
    },
  });
}
