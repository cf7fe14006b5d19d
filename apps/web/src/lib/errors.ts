import { useCallback } from 'react';
import { useTranslation } from './use-translation';
import type { Translator as I18n } from './use-translation';
import globalI18n from './i18n';
import { ApiError } from './api-client';
import { isOffline } from './network-status';

/**
 * A message of the shared zod schemas in the reader's language. The `validation` catalog is keyed by
 * the schema's English message verbatim (the server and the forms validate with the same schemas, so
 * the same sentence arrives from either), hence no key or namespace separators in the lookup.
 */
export function validationText(message: string): string {
  const options = { ns: 'validation', keySeparator: false, nsSeparator: false } as const;
  return globalI18n.exists(message, options) ? globalI18n.t(message, options) : message;
}

/**
 * The one way a failure becomes text a person reads. The server answers every error with a stable
 * `code`; the `errors` catalog holds it in the reader's language (it is loaded before any API failure
 * reaches a screen: lib/i18n.ts). A validation failure carries the schema's message, looked up in the
 * `validation` catalog. Both catalogs are complete (locales/catalogs.test.ts walks the server's codes
 * and the shared schemas), so what is left is a message from outside our code (a library's own):
 * English readers get it as the server wrote it, others the generic sentence in their language
 * rather than English. Anything that is not an API error (a bug, a thrown string) becomes
 * `fallback`, then a generic sentence; the failures that need no server (unexpected, offline) are
 * in `common`, so they can be said even when the `errors` catalog could not be fetched.
 */
export function errorText(err: unknown, fallback?: string, i18n: I18n = globalI18n): string {
  if (err instanceof ApiError) {
    const english = (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('en');
    if (err.code === 'VALIDATION_FAILED' && err.message) {
      const options = { ns: 'validation', keySeparator: false, nsSeparator: false } as const;
      if (i18n.exists(err.message, options)) return i18n.t(err.message, options);
      if (english) return err.message;
    }
    // The request never reached the server: offline says so, not "an error".
    if (err.code === 'NETWORK') return i18n.t(isOffline() ? 'common:errors.OFFLINE' : 'common:errors.NETWORK');
    if (err.code && i18n.exists(`errors:${err.code}`)) return i18n.t(`errors:${err.code}`);
    // Limits answered before our routes run (better-auth's own) come without a code.
    if (!err.code && err.status === 429 && i18n.exists('errors:RATE_LIMITED')) return i18n.t('errors:RATE_LIMITED');
    if (err.message && english) return err.message;
  }
  return fallback ?? i18n.t('common:errors.UNEXPECTED');
}

/**
 * errorText bound to the current language, so a screen re-renders its errors when it changes, and to
 * the render's own translator: on the server each page has one (a page re-rendered after its
 * form failed says why in the reader's language, decision 0028).
 */
export function useErrorText() {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return useCallback((err: unknown, fallback?: string) => errorText(err, fallback, instance), [language, instance]);
}
