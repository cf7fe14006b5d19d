import { useCallback } from 'react';
import { useTranslation } from '../../../lib/use-translation';

/** A category's name in the reader's language (by its stable slug), or 'Uncategorized'. */
export function useCategoryLabel() {
  const { t } = useTranslation('ads');
  return useCallback(
    (slug: string | null | undefined, name: string | null | undefined) =>
      slug || name ? t(`categories.${slug}`, { defaultValue: name ?? '' }) : t('uncategorized'),
    [t],
  );
}
