/**
 * A consultant's photo: `consultants/<userId>-<hash>.webp` (320 px square, 2x of the largest place
 * it is shown) and `…-small.webp` (160 px, for the 72 px cards on a phone). The row records the first.
 */
export const CONSULTANT_PHOTO_SIZES = {
  photo: { width: 320, height: 320, fit: 'cover' as const },
  small: { width: 160, height: 160, fit: 'cover' as const },
};

export const smallPhotoKey = (photoKey: string) => photoKey.replace(/\.webp$/, '-small.webp');

/** Every file of a stored photo, for deleting it. */
export const photoFileKeys = (photoKey: string | null | undefined): string[] => (photoKey ? [photoKey, smallPhotoKey(photoKey)] : []);
