import i18n, { type BackendModule, type InitOptions, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en/common.json';
import validation from '../locales/en/validation.json';
import { ssrData } from './ssr-data';

export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'nl', label: 'Nederlands' },
] as const;

export type Language = (typeof LANGUAGES)[number]['value'];

/** The cookie that tells the server which language to render a page in (the person's choice). */
export const LANGUAGE_COOKIE = 'lang';

const isLanguage = (value: unknown): value is Language => LANGUAGES.some((l) => l.value === value);

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

/**
 * Loaded up front in every language: validation messages and error codes are read outside components
 * (lib/errors.ts). English's two are in the bundle; a server-rendered page brings its language's.
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

// Every other catalog is fetched when first needed, one small chunk per language and namespace, so a
// phone on a slow network downloads only what it shows.
const catalogs = import.meta.glob('../locales/*/*.json');

const lazyCatalogs: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogs[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load()
      .then((mod) => callback(null, (mod as { default: Record<string, unknown> }).default))
      .catch((err) => callback(err, null));
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
  const resources: Resource = { en: { common, validation } };
  for (const [lng, namespaces] of Object.entries(ssrData()?.catalogs ?? {})) resources[lng] = { ...resources[lng], ...namespaces };
  return resources;
}

/**
 * The browser's instance. On a server-rendered page it starts in the page's language with the page's
 * catalogs, so hydration shows the same words with no request and no flash. The client entry awaits
 * `i18nReady` before hydrating.
 */
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
