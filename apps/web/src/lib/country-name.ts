// Countries are stored by English name; every feature shows them (jobs, ads, profiles, consultants),
// so the one way to name them in the reader's language lives in lib/.
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
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

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** Asks for the table when the reader's language needs it, and re-renders when it arrives. */
function useCodesFor(language: string): boolean {
  const loaded = useSyncExternalStore(
    subscribe,
    () => countryCode !== null,
    () => countryCode !== null,
  );
  useEffect(() => {
    if (!loaded && !language.startsWith('en')) void loadCountryCodes();
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
  if (!stored || language.startsWith('en') || !countryCode) return stored;
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
