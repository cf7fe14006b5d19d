import { formatDate } from '../../../lib/format-date';
import { intlLocale } from '../../../lib/language';

const formatters = new Map<string, Intl.DateTimeFormat>();
const get = (language: string, kind: 'time' | 'day', options: Intl.DateTimeFormatOptions) => {
  const key = `${language}|${kind}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(intlLocale(language), options)));
  return f;
};

/** The inbox's compact time: '3:30 PM' today, 'Mar 12' this year, the date otherwise. */
export function shortTime(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (date.toDateString() === now.toDateString()) return get(language, 'time', { timeStyle: 'short' }).format(date);
  if (date.getFullYear() === now.getFullYear()) return get(language, 'day', { month: 'short', day: 'numeric' }).format(date);
  return formatDate(iso, language);
}
