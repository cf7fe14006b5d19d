import type { JobPage } from '@caribconnect/shared';
import { Link, useLocation } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { intlLocale } from '../../../lib/language';
import { paths } from '../../../lib/paths';
import { removeChip, type FilterKey } from './use-job-filters';

/**
 * When a search found nothing (decision 0072): "Did you mean: accountant?" and "12 jobs without the
 * country filter", each a plain link to that list, so they work before the page's scripts.
 */
export function NothingFound({ page }: { page: JobPage | undefined }) {
  const { t, i18n } = useTranslation('jobs');
  const { search } = useLocation();
  if (!page || page.items.length > 0 || (!page.didYouMean && !page.withoutFilter?.length)) return null;
  const link = (change: (url: URLSearchParams) => void) => {
    const url = new URLSearchParams(search);
    change(url);
    const text = url.toString();
    return paths.jobs.to(text ? `?${text}` : '');
  };
  const suggestion = page.didYouMean;
  // The catalog's sentence around the link ("Did you mean: {{query}}?"), whatever the language's word order.
  const [before, after] = t('search.didYouMean', { query: '\u0001' }).split('\u0001');
  return (
    <div role="note">
      {suggestion && (
        <p>
          {before}
          <Link to={link((url) => url.set('title', suggestion))}>{suggestion}</Link>
          {after}
        </p>
      )}
      {page.withoutFilter && page.withoutFilter.length > 0 && (
        <ul>
          {page.withoutFilter.map(({ filter, count }) => (
            <li key={filter}>
              <Link to={link((url) => removeChip(url, filter as FilterKey))}>
                {t('search.withoutFilter', {
                  count,
                  formatted: count.toLocaleString(intlLocale(i18n.language)),
                  filter: t(`search.filterNames.${filter}`),
                })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
