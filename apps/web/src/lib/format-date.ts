// Intl.DateTimeFormat is costly to build; one per language and style serves every card on a screen.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${language}|${withTime}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(language, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
    formatters.set(key, f);
  }
  return f;
}

/** A date in the reader's language and time zone, e.g. "12 Mar 2026" or "Mar 12, 2026, 3:30 PM". */
export function formatDate(iso: string, language: string, withTime = false): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter(language, withTime).format(date);
}
