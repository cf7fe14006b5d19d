import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadWithProgress, type RequestOptions } from '../../../lib/api-client';
import { jobDetailKey } from '../../../lib/job-query';
import { applicationKeys } from './keys';

export interface ApplyInput extends RequestOptions {
  jobId: string;
  coverLetter: string;
  coverLetterFile: File | null;
  resumeFile: File | null;
  /** Send a copy of the saved resume instead of a file. */
  useSavedResume: boolean;
  /** The screening answers, as the form's `answer.<questionId>` fields (decision 0075). */
  answers?: Record<string, string>;
  onProgress: (percent: number) => void;
}

/** Multipart, through XHR so a slow upload shows its progress. */
export function useApply() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, coverLetter, coverLetterFile, resumeFile, useSavedResume, answers = {}, onProgress, idempotencyKey }: ApplyInput) => {
      const form = new FormData();
      form.set('coverLetter', coverLetter);
      for (const [name, value] of Object.entries(answers)) form.set(name, value);
      if (useSavedResume) form.set('useSavedResume', 'true');
      // Text first, files after: the server reads the parts in order.
      if (coverLetterFile) form.set('coverLetterFile', coverLetterFile);
      if (resumeFile && !useSavedResume) form.set('resumeFile', resumeFile);
      return uploadWithProgress<{ id: string }>(`/api/jobs/${encodeURIComponent(jobId)}/applications`, form, onProgress, 'POST', { idempotencyKey });
    },
    onSuccess: (_data, { jobId }) => {
      void qc.invalidateQueries({ queryKey: applicationKeys.mine() });
      // The job's page now says when the person applied.
      void qc.invalidateQueries({ queryKey: jobDetailKey(jobId) });
    },
  });
}
