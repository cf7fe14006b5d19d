// Countries are stored by English name; every feature shows them (jobs, ads, profiles, consultants),
// so the one way to name them in the reader's language lives in lib/.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryCode } from '@caribconnect/shared';

const displayNames = new Map<string, Intl.DisplayNames | null>();

function regionNames(language: string): Intl.DisplayNames | null {
  if (!displayNames.has(language)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
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
  const code = countryCode(stored);
  return (code && regionNames(language)?.of(code)) || stored;
}

/** countryName bound to the current language. */
export function useCountryName() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useCallback((stored: string) => countryName(stored, language), [language]);
}

/**
 * The options of a country choice: the stored English name as the value, the reader's name as the
 * label, in the reader's alphabetical order. Pass a stable array (a constant or a memoised one).
 */
export function useCountryOptions(countries: readonly string[]) {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const collator = new Intl.Collator(language);
    return countries.map((value) => ({ value, label: countryName(value, language) })).sort((a, b) => collator.compare(a.label, b.label));
  }, [countries, language]);
}
