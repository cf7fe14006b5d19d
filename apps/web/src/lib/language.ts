// The languages of the app and how a request's language is chosen; no translator here, so the server
// entry and tests can use it without starting the browser's instance.
import { LANGUAGE_CODES, LANGUAGE_NAMES, type LanguageCode } from '@caribconnect/shared';

/** The switcher's choices, each in its own name ("Kreyòl ayisyen", "Papiamentu"), from the shared list. */
export const LANGUAGES = LANGUAGE_CODES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

export type Language = LanguageCode;

/** The cookie that tells the server which language to render a page in (the person's choice). */
export const LANGUAGE_COOKIE = 'lang';

/** The query parameter of a page's language variant (`?lang=ht`), the address hreflang links point to. */
export const LANGUAGE_PARAM = 'lang';

export const isLanguage = (value: unknown): value is Language => (LANGUAGE_CODES as readonly unknown[]).includes(value);

/**
 * The locale whose rules Intl formats a language's dates, numbers and country names with. ICU, in
 * Node and in Chromium alike, has no data for Haitian Creole or Papiamento: asked for `ht` or `pap`
 * it silently answers in the runtime's default (English, or the server's own locale, which would
 * then differ from the browser's and break hydration). So `ht` follows French rules (Haiti's other
 * official language: "24 nov. 2026", "1 234,50") and `pap` Dutch rules (the Kingdom's language in
 * Curaçao, Aruba and Bonaire: "24 nov 2026", "1.234,50"). Every Intl call of the app goes through this.
 */
const INTL_LOCALE: Partial<Record<Language, string>> = { ht: 'fr', pap: 'nl' };

export function intlLocale(language: string): string {
  const base = language.split('-')[0];
  return INTL_LOCALE[base as Language] ?? language;
}

/** A language variant's `?lang=` when it names one of ours, else null (a forged value is ignored). */
export function languageFromQuery(search: URLSearchParams | string): Language | null {
  const value = (typeof search === 'string' ? new URLSearchParams(search) : search).get(LANGUAGE_PARAM);
  return isLanguage(value) ? value : null;
}

/** The `lang` cookie's language, when it is one of ours. */
export function languageFromCookie(cookieHeader: string | undefined): Language | null {
  const chosen = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? '')?.[1];
  return isLanguage(chosen) ? chosen : null;
}

/** The first language of Accept-Language we have, by weight ("pap-CW" is Papiamento, "ht-HT" Creole). */
export function languageFromAcceptLanguage(acceptLanguage: string | undefined): Language | null {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((w) => w.q > 0)
    .sort((a, b) => b.q - a.q);
  return wanted.map((w) => w.base).find(isLanguage) ?? null;
}

export interface LanguageSources {
  /** The page's query string: a valid `?lang` wins (a hreflang variant), and changes nothing saved. */
  search?: URLSearchParams | string;
  /** The signed-in person's saved language (the session's `language`), if any. */
  saved?: unknown;
  cookie?: string;
  acceptLanguage?: string;
}

/**
 * The language of a page: a valid `?lang` in the URL, else the signed-in person's saved language,
 * else the `lang` cookie (the switcher's), else the first of Accept-Language we have, else English.
 * The server renders in it and the browser starts in it (docs/decisions/0043).
 */
export function pickLanguage({ search, saved, cookie, acceptLanguage }: LanguageSources): Language {
  return (
    (search !== undefined ? languageFromQuery(search) : null) ??
    (isLanguage(saved) ? saved : null) ??
    languageFromCookie(cookie) ??
    languageFromAcceptLanguage(acceptLanguage) ??
    'en'
  );
}

/** A signed-in person's saved language, as the session answer carries it (absent on older servers). */
export function savedLanguage(user: object | null | undefined): Language | null {
  const value = user && 'language' in user ? user.language : undefined;
  return isLanguage(value) ? value : null;
}

/** The language the page is shown in (the one the translator was set to), as one of ours; English otherwise. */
export function pageLanguage(i18n: { resolvedLanguage?: string; language: string }): Language {
  if (isLanguage(i18n.language)) return i18n.language;
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
}
