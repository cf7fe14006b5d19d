// The languages of the app and how a request's language is chosen; no i18next here, so the server
// entry and tests can use it without starting the browser's instance.

export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'nl', label: 'Nederlands' },
] as const;

export type Language = (typeof LANGUAGES)[number]['value'];

/** The cookie that tells the server which language to render a page in (the person's choice). */
export const LANGUAGE_COOKIE = 'lang';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.some((l) => l.value === value);

/**
 * The language of a page: the person's choice (the `lang` cookie), else the first of theirs in
 * Accept-Language we have, else English.
 */
export function pickLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): Language {
  const chosen = /(?:^|;\s*)lang=([^;]*)/.exec(cookieHeader ?? '')?.[1];
  if (isLanguage(chosen)) return chosen;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((w) => w.q > 0)
    .sort((a, b) => b.q - a.q);
  return wanted.map((w) => w.base).find(isLanguage) ?? 'en';
}
