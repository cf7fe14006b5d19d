import type { TFunction } from '../../../lib/use-translation';
import { ApiError } from '../../../lib/api-client';

const VIDEO = new Set(['UNSUPPORTED_VIDEO_TYPE', 'VIDEO_TOO_LARGE']);
const IMAGE = new Set(['UNSUPPORTED_IMAGE_TYPE', 'IMAGE_UNREADABLE', 'IMAGE_TOO_MANY_PIXELS', 'FILE_TOO_LARGE']);

/**
 * The spec's failure sentence for a save, followed by the reason: on Post an Ad 'Image upload
 * failed.' / 'Video upload failed.' (the ad is then not posted) or 'Failed to post ad.'; on Edit Ad
 * 'Upload failed.', 'Ad not found or access denied.' or 'Update failed.'.
 */
export function saveFailure(err: unknown, mode: 'post' | 'edit', t: TFunction, reasonOf: (err: unknown) => string): string {
  const code = err instanceof ApiError ? err.code : undefined;
  const media = !!code && (VIDEO.has(code) || IMAGE.has(code));
  let headline: string;
  if (mode === 'edit') {
    if (code === 'AD_NOT_FOUND_OR_DENIED') return t('form.notFoundOrDenied');
    headline = media ? t('form.uploadFailed') : t('form.updateFailed');
  } else {
    headline = code && VIDEO.has(code) ? t('form.videoUploadFailed') : media ? t('form.imageUploadFailed') : t('form.postFailed');
  }
  const reason = reasonOf(err);
  return reason && reason !== headline ? `${headline} ${reason}` : headline;
}
