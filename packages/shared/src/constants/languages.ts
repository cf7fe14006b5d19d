/**
 * The languages CaribConnect speaks, English first (the source catalog). `ht` is Haitian Creole and
 * `pap` Papiamento (ISO 639-1 has no code for it, so its 639-3 code). The server saves one of these
 * on each person, renders pages and writes emails in it; the web app's switcher offers them.
 * The zod enum is in language.schema.ts: this file is read by the web app's entry, which must not
 * bring zod into every first load (first-load.test.ts).
 */
export const LANGUAGE_CODES = ['en', 'es', 'fr', 'nl', 'ht', 'pap'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** Each language in its own name, as the switcher shows it. */
export const LANGUAGE_NAMES: Record<LanguageCode, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  nl: 'Nederlands',
  ht: 'Kreyòl ayisyen',
  pap: 'Papiamentu',
};
