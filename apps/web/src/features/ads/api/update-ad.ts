import { useCallback } from 'react';
import type { Ad } from '@caribconnect/shared';
import { uploadWithProgress } from '../../../lib/api-client';
import { toForm, useAdUpload, type AdSubmission } from './ad-upload';

export const updateAd = (id: string, s: AdSubmission, onProgress: (percent: number) => void) =>
  uploadWithProgress<Ad>(`/api/ads/${encodeURIComponent(id)}`, toForm(s), onProgress, 'PATCH');

export function useUpdateAd(id: string) {
  const send = useCallback((s: AdSubmission, onProgress: (percent: number) => void) => updateAd(id, s, onProgress), [id]);
  return useAdUpload(send);
}
