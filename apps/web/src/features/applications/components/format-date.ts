/** A date in the reader's language, e.g. "12 Mar 2026" or "Mar 12, 2026". */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(date);
}
