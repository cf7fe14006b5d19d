// Job categories appear on job screens and in the admin's job list, so the label lives in lib/.
import { useCallback } from 'react';
import { useTranslation } from './use-translation';

/**
 * A job category in the reader's language. Jobs store the category's English name (employers may
 * also type their own), so the catalog's `categories` is keyed by that name; a name it does not know
 * is shown as stored. A name holding the key separator cannot be a catalog key and is shown as is.
 */
export function useJobCategoryLabel() {
  const { t } = useTranslation('jobs');
  return useCallback(
    (name: string | null | undefined) => (!name || name.includes('.') ? (name ?? '') : t(`categories.${name}`, { defaultValue: name, nsSeparator: false })),
    [t],
  );
}
