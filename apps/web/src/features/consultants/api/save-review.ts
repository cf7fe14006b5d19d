import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewInput } from '@caribconnect/shared';
import { api } from '../../../lib/api-client';
import { reviewsUrl } from './get-reviews';
import { consultantKeys } from './keys';

/** Writes your review (the first time, POST) or edits it (PATCH …/mine); the rating is read again everywhere. */
export function useSaveReview(userId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, editing }: { body: ReviewInput; editing: boolean }) =>
      api<Review>(editing ? `${reviewsUrl(userId)}/mine` : reviewsUrl(userId), { method: editing ? 'PATCH' : 'POST', body: { ...body } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: consultantKeys.detail(userId) });
      void qc.invalidateQueries({ queryKey: consultantKeys.reviews(userId) });
      void qc.invalidateQueries({ queryKey: consultantKeys.lists() });
    },
  });
}
