import i18n, { type BackendModule, type InitOptions, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en/common.json';
import { isLanguage, LANGUAGE_COOKIE, type Language } from './language';
import { setBeforeFailure } from './api-client';
import { ssrData } from './ssr-data';

export { LANGUAGES, LANGUAGE_COOKIE, pickLanguage, type Language } from './language';

/**
 * Loaded up front in every language: validation messages are read outside components (lib/errors.ts).
 * English's `common` is in the bundle; a server-rendered page brings its language's. English's
 * `validation` is empty in the browser: that catalog is keyed by the English sentence itself, and a
 * lookup that misses falls back to the key (lib/errors.ts).
 */
export const BASE_NAMESPACES = ['common', 'validation'];

/** Options shared by the browser instance and the server's per-request ones. */
export const i18nOptions: InitOptions = {
  fallbackLng: 'en',
  ns: BASE_NAMESPACES,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  react: { useSuspense: true },
};

// Every other catalog is fetched when first needed, one small JSON file per language and namespace
// (locales/vite-plugin.ts), so a phone on a slow network downloads only what it shows.
const lazyCatalogs: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    fetch(`${import.meta.env.CATALOGS_URL}/${language}/${namespace}.json`)
      .then(async (res) => {
        // A language or namespace that does not exist is empty, as i18next expects, not an error.
        if (res.status === 404) return callback(null, {});
        if (!res.ok) throw new Error(`catalog ${language}/${namespace}: HTTP ${res.status}`);
        callback(null, await res.json());
      })
      .catch((err: Error) => callback(err, null));
  },
};

function browserLanguage(): Language {
  const server = ssrData()?.language;
  if (isLanguage(server)) return server;
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem('language') : null;
  return isLanguage(stored) ? stored : 'en';
}

function rememberLanguage(lng: string) {
  if (typeof document === 'undefined') return;
  localStorage.setItem('language', lng);
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = lng;
}

/** English's bundled catalogs plus those a server-rendered page brought (its language, its screen). */
function bundledResources(): Resource {
  // English's validation catalog is empty here on purpose (see BASE_NAMESPACES): a reader of another
  // language would otherwise fetch it as the fallback, for nothing.
  const resources: Resource = { en: { common, validation: {} } };
  for (const [lng, namespaces] of Object.entries(ssrData()?.catalogs ?? {})) resources[lng] = { ...resources[lng], ...namespaces };
  return resources;
}

/**
 * The browser's instance. On a server-rendered page it starts in the page's language with the page's
 * catalogs, so hydration shows the same words with no request and no flash. The client entry awaits
 * `i18nReady` before hydrating.
 */
// Most visits never see a server error: the sentences for its codes are fetched with the first one.
// A request that never reached the server needs none ('common' words it), and a fetch that hangs
// must not hold the failure back for long.
if (!import.meta.env.SSR)
  setBeforeFailure((error) =>
    error.code === 'NETWORK' ? Promise.resolve() : Promise.race([i18n.loadNamespaces('errors'), new Promise((resolve) => setTimeout(resolve, 3000))]),
  );

export const i18nReady = import.meta.env.SSR
  ? Promise.resolve()
  : i18n
      .use(lazyCatalogs)
      .use(initReactI18next)
      .init({ ...i18nOptions, lng: browserLanguage(), partialBundledLanguages: true, resources: bundledResources() })
      .then(() => {
        // People who chose a language before the cookie existed: the server learns it from now on.
        if (!document.cookie.includes(`${LANGUAGE_COOKIE}=`)) rememberLanguage(i18n.language);
        i18n.on('languageChanged', rememberLanguage);
      });

export default i18n;
