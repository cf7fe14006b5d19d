// The switcher's choice and the saved language of a signed-in person kept in step (decision 0043):
// the choice is remembered in the browser (cookie, localStorage: lib/i18n.ts) and, for someone signed
// in, on their account, so their emails and their pages on another device follow it.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from './use-translation';
import type { MeResponse } from '@caribconnect/shared';
import { api } from './api-client';
import { switchLanguage } from './i18n';
import { languageFromQuery, pageLanguage, savedLanguage, type Language } from './language';
import { sessionKeys, useMe } from './session';

/** Saves a signed-in person's language (204); the switch on screen does not wait for it. */
export const saveLanguage = (language: Language) => api<void>('/api/me/language', { method: 'PUT', body: { language } });

/**
 * The switcher's handler. It also follows a sign-in: when the person who signs in saved another
 * language than the page's, the page turns to theirs (which sets the cookie too). A `?lang` variant
 * is left as it is: its reader asked for that language.
 */
export function useLanguageChoice(): (language: Language) => Promise<unknown> {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useMe();
  const followed = useRef<string | undefined>(undefined);

  useEffect(() => {
    // Once per person signed in, not on every change of the session answer: the switcher's choice
    // is saved optimistically below, so the answer agrees with the page afterwards anyway.
    if (!user || followed.current === user.id) return;
    followed.current = user.id;
    const saved = savedLanguage(user);
    if (saved && saved !== pageLanguage(i18n) && !languageFromQuery(window.location.search)) void switchLanguage(saved);
  }, [user, i18n]);

  return useCallback(
    (language: Language) => {
      const me = queryClient.getQueryData<MeResponse>(sessionKeys.me());
      if (me?.user) {
        queryClient.setQueryData<MeResponse>(sessionKeys.me(), { ...me, user: { ...me.user, language } as MeResponse['user'] });
        // A failure (offline, session just ended) leaves the choice in this browser; the next switch saves it.
        saveLanguage(language).catch(() => undefined);
      }
      return switchLanguage(language);
    },
    [queryClient],
  );
}
