/**
 * Storage names of processed pictures: `<area>/<ownerId>-<hash>-<variant>.webp`. The hash comes from
 * the content (processImage), so a new picture gets a new name and a name never changes content:
 * such files are served with year-long immutable caching.
 */
export const pictureBase = (area: string, ownerId: string, hash: string) => `${area}/${ownerId}-${hash}`;

export const variantKey = (base: string, variant: string) => `${base}-${variant}.webp`;

/** Any stored name carrying a 16-character content hash, with or without a variant (videos have none). */
export function isContentHashed(name: string): boolean {
  return /-[a-z0-9]{16}(-[a-z]+)?\.[a-z0-9]+$/.test(name);
}
