// Countries are stored by English name; every feature shows them (jobs, ads, profiles, consultants),
// so the one way to name them in the reader's language lives in lib/.
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from './use-translation';
import { withRetries } from './retry';
import { intlLocale } from './language';

// The name → ISO code table (249 rows) matters only to readers of another language: English shows the
// stored name. It is fetched with the first page in another language (the server renders such a page
// with it and has the browser preload it; entry-client.tsx waits for it before hydrating) or with a
// switch of language; until then names stay in English.
let countryCode: ((name: string) => string | undefined) | null = null;
const listeners = new Set<() => void>();

/** Loads the table; not cached here, so each server render that calls it records the chunk to preload. */
export function loadCountryCodes(): Promise<void> {
  return withRetries(() => import('./country-codes')).then((m) => {
    if (countryCode) return;
    countryCode = m.countryCode;
    listeners.forEach((listener) => listener());
  });
}

// A language the runtime has no region names for may bring its own, keyed by the stored English name
// (`locales/<lng>/countries.ts`, one exported table: Haitian Creole's). Found by the build, so a
// language without one simply has none; each is its own chunk, fetched only by its readers.
const ownTables = import.meta.glob<Record<string, unknown>>('../locales/*/countries.ts');
const ownNames = new Map<string, Readonly<Record<string, string>>>();
const tableOf = (language: string) => ownTables[`../locales/${language.split('-')[0]}/countries.ts`];

/** Loads the language's own country names, if it has some (the server renders with them, the browser waits for them before hydrating). */
export function loadCountryNames(language: string): Promise<void> {
  const load = tableOf(language);
  if (!load || ownNames.has(language)) return Promise.resolve();
  return withRetries(load).then((module) => {
    const table = Object.values(module).find((value) => value && typeof value === 'object') as Record<string, string> | undefined;
    if (table && !ownNames.has(language)) {
      ownNames.set(language, table);
      listeners.forEach((listener) => listener());
    }
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** Asks for the table when the reader's language needs it, and re-renders when it arrives. */
function useCodesFor(language: string): boolean {
  const ready = () => (tableOf(language) ? ownNames.has(language) : countryCode !== null);
  const loaded = useSyncExternalStore(subscribe, ready, ready);
  useEffect(() => {
    if (loaded || language.startsWith('en')) return;
    void (tableOf(language) ? loadCountryNames(language) : loadCountryCodes());
  }, [loaded, language]);
  return loaded;
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

function regionNames(language: string): Intl.DisplayNames | null {
  if (!displayNames.has(language)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([intlLocale(language)], { type: 'region', fallback: 'none' });
    } catch {
      // An engine without region names: the stored English name is shown.
    }
    displayNames.set(language, names);
  }
  return displayNames.get(language) ?? null;
}

/**
 * A stored country name in `language`. English keeps the stored name (the spec's spelling), and a
 * name outside the list (older data) or a code the engine cannot name falls back to it too.
 */
export function countryName(stored: string, language: string): string {
  if (!stored || language.startsWith('en')) return stored;
  const own = ownNames.get(language);
  if (own) return own[stored] || stored;
  if (!countryCode) return stored;
  const code = countryCode(stored);
  return (code && regionNames(language)?.of(code)) || stored;
}

/** countryName bound to the current language. */
export function useCountryName() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const loaded = useCodesFor(language);
  return useCallback((stored: string) => countryName(stored, language), [language, loaded]);
}

/**
 * The options of a country choice: the stored English name as the value, the reader's name as the
 * label, in the reader's alphabetical order. Pass a stable array (a constant or a memoised one).
 */
export function useCountryOptions(countries: readonly string[]) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const loaded = useCodesFor(language);
  return useMemo(() => {
    const collator = new Intl.Collator(intlLocale(language));
    return countries.map((value) => ({ value, label: countryName(value, language) })).sort((a, b) => collator.compare(a.label, b.label));
  }, [countries, language, loaded]);
}
