import type { Ad } from '@caribconnect/shared';
import { uploadWithProgress } from '../../../lib/api-client';
import { toForm, useAdUpload, type AdSubmission } from './ad-upload';

export const createAd = (s: AdSubmission, onProgress: (percent: number) => void) => uploadWithProgress<Ad>('/api/ads', toForm(s), onProgress);

export const useCreateAd = () => useAdUpload(createAd);
