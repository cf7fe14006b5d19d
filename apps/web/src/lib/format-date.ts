import { isHydrating } from './hydrate-in-turns';
import { intlLocale } from './language';
import { ssrData } from './ssr-data';

// Intl.DateTimeFormat is costly to build; one per language, style and zone serves every card on a screen.
const formatters = new Map<string, Intl.DateTimeFormat>();

// In the browser, the reader's own zone (Intl's default). The server renders many pages at once for
// readers in different zones, so its entry installs a source that answers the zone of the page being
// rendered (entry-server.tsx, from the `tz` cookie, lib/time-zone.ts); undefined is the server's zone.
// While a server-rendered page hydrates, though, the zone its HTML was written in (SsrData.timeZone),
// so that hydration finds the same text (React would otherwise draw that part anew and report it).
let timeZoneSource: () => string | undefined = () => (isHydrating() ? ssrData()?.timeZone : undefined);

/** Where formatDate learns the zone of the page being rendered (the server entry sets it once). */
export function setTimeZoneSource(source: () => string | undefined): void {
  timeZoneSource = source;
}

function formatter(language: string, withTime: boolean, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${language}|${withTime}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    const style: Intl.DateTimeFormatOptions = withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' };
    f = new Intl.DateTimeFormat(intlLocale(language), { ...style, timeZone });
    formatters.set(key, f);
  }
  return f;
}

/** A date in the reader's language and time zone, e.g. "12 Mar 2026" or "Mar 12, 2026, 3:30 PM". */
export function formatDate(iso: string, language: string, withTime = false): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter(language, withTime, timeZoneSource()).format(date);
}
