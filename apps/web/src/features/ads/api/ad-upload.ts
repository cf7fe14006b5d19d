import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Ad } from '@caribconnect/shared';
import { adKeys } from './keys';

export interface AdSubmission {
  title: string;
  description: string;
  categoryId: string;
  country: string;
  town: string;
  priceKind: 'amount' | 'free' | 'on_request';
  price: string;
  currency: string;
  negotiable: boolean;
  image?: { blob: Blob; name: string } | null;
  video?: File | null;
  /** The video's frame, captured in the browser. */
  preview?: Blob | null;
  removeImage?: boolean;
  removeVideo?: boolean;
}

export function toForm(s: AdSubmission): FormData {
  const form = new FormData();
  // Text first: the server reads fields as they arrive, before the files.
  form.append('title', s.title);
  form.append('description', s.description);
  form.append('categoryId', s.categoryId);
  form.append('country', s.country);
  if (s.town.trim()) form.append('town', s.town);
  form.append('priceKind', s.priceKind);
  if (s.priceKind === 'amount') {
    form.append('price', s.price);
    if (s.currency) form.append('currency', s.currency);
    if (s.negotiable) form.append('negotiable', 'true');
  }
  if (s.removeImage) form.append('removeImage', 'true');
  if (s.removeVideo) form.append('removeVideo', 'true');
  if (s.image) form.append('image', s.image.blob, s.image.name);
  if (s.video) form.append('video', s.video, s.video.name);
  if (s.video && s.preview) form.append('preview', s.preview, 'preview.jpg');
  return form;
}

export type SendAd = (s: AdSubmission, onProgress: (percent: number) => void) => Promise<Ad>;

/** Post an Ad or Edit Ad: one multipart request (text, image, video, preview frame) with upload progress. */
export function useAdUpload(send: SendAd) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (s: AdSubmission) => {
      setProgress(0);
      return send(s, setProgress);
    },
    onSuccess: (ad) => {
      qc.setQueryData(adKeys.detail(ad.id), ad);
      void qc.invalidateQueries({ queryKey: adKeys.lists() });
    },
  });
  return { ...mutation, progress };
}
