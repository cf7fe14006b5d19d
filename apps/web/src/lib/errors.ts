import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from './i18n';
import { ApiError } from './api-client';

/**
 * The one way a failure becomes text a person reads. The server answers every error with a stable
 * `code`; the catalog's `errors.<CODE>` (common namespace) holds it in the reader's language. A code
 * the catalog does not know falls back to the server's English message, and anything that is not an
 * API error (a bug, a thrown string) to `fallback`, then to a generic sentence.
 */
export function errorText(err: unknown, fallback?: string): string {
  if (err instanceof ApiError) {
    if (err.code && i18n.exists(`common:errors.${err.code}`)) return i18n.t(`common:errors.${err.code}`);
    if (err.message) return err.message;
  }
  return fallback ?? i18n.t('common:errors.UNEXPECTED');
}

/** errorText bound to the current language, so a screen re-renders its errors when it changes. */
export function useErrorText() {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return useCallback((err: unknown, fallback?: string) => errorText(err, fallback), [language]);
}
