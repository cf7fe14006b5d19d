import { Translator, type Catalog, type Resources } from './translator';
import { setGlobalTranslator } from './use-translation';
import common from '../locales/en/common.json';
import { isLanguage, LANGUAGE_COOKIE, languageFromCookie, languageFromQuery, pickLanguage, type Language } from './language';
import { setBeforeFailure } from './api-client';
import { ssrData } from './ssr-data';
import { RETRY_DELAYS_MS } from './retry';
import { rememberInCookie } from './cookies';

export { LANGUAGES, LANGUAGE_COOKIE, pickLanguage, type Language } from './language';

/**
 * Loaded up front in every language: validation messages are read outside components (lib/errors.ts).
 * English's `common` is in the bundle; a server-rendered page brings its language's. English's
 * `validation` is empty in the browser: that catalog is keyed by the English sentence itself, and a
 * lookup that misses falls back to the key (lib/errors.ts).
 */
export const BASE_NAMESPACES = ['common', 'validation'];

// Every other catalog is fetched when first needed, one small JSON file per language and namespace
// (locales/vite-plugin.ts), so a phone on a slow network downloads only what it shows.
function fetchCatalog(language: string, namespace: string): Promise<Catalog> {
  return fetch(`${import.meta.env.CATALOGS_URL}/${language}/${namespace}.json`).then((res) => {
    // A language or namespace that does not exist is empty, not an error.
    if (res.status === 404) return {};
    // Tried again after each of RETRY_DELAYS_MS: a dropped request on a mobile link usually works the second time.
    if (!res.ok) throw new Error(`catalog ${language}/${namespace}: HTTP ${res.status}`);
    return res.json() as Promise<Catalog>;
  });
}

/** Catalogs (`lng|ns`) that could not be fetched, retries included. */
const unavailable = new Set<string>();

/** A screen needed words whose catalog could not be fetched (app/routes/route-error.tsx says so). */
export class CatalogUnavailable extends Error {
  name = 'CatalogUnavailable';
}

/**
 * What `t` returns for a key it did not find. Catalogs are complete (locales/catalogs.test.ts), so a
 * key goes missing when its catalog failed to arrive: the screen then fails, and its error screen
 * offers Retry, rather than showing keys ("title", "submit") as if they were words. A missing key
 * with a default, or while every catalog arrived, reads as before.
 */
function missingKey(key: string, defaultValue: string | undefined): string {
  if (defaultValue !== undefined) return defaultValue;
  if (i18n.languages.some((lng) => [...unavailable].some((name) => name.startsWith(`${lng}|`)))) throw new CatalogUnavailable(`no catalog for "${key}"`);
  return key;
}

/** The page's `?lang` variant (a hreflang link): shown in it, without saving it as the person's choice. */
const queryLanguage = () => (typeof location !== 'undefined' ? languageFromQuery(location.search) : null);

/**
 * The language the browser starts in, in the server's order (lib/language.ts pickLanguage): `?lang`,
 * else the server's choice for this page (the saved language, the cookie, Accept-Language), else, on
 * a page the browser draws itself, the cookie, then the choice remembered in localStorage by a
 * version that wrote no cookie.
 */
function browserLanguage(): Language {
  const query = queryLanguage();
  if (query) return query;
  const server = ssrData()?.language;
  if (isLanguage(server)) return server;
  const cookie = typeof document !== 'undefined' ? languageFromCookie(document.cookie) : null;
  if (cookie) return cookie;
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem('language') : null;
  if (isLanguage(stored)) return stored;
  return pickLanguage({ acceptLanguage: typeof navigator !== 'undefined' ? navigator.languages?.join(',') : undefined });
}

function rememberLanguage(lng: string) {
  if (typeof document === 'undefined') return;
  localStorage.setItem('language', lng);
  rememberInCookie(LANGUAGE_COOKIE, lng);
  document.documentElement.lang = lng;
}

/** English's bundled catalogs plus those a server-rendered page brought (its language, its screen). */
function bundledResources(): Resources {
  // English's validation catalog is empty here on purpose (see BASE_NAMESPACES): a lookup that misses
  // reads as the key, the English sentence itself.
  const resources: Resources = { en: { common, validation: {} } };
  for (const [lng, namespaces] of Object.entries(ssrData()?.catalogs ?? {})) resources[lng] = { ...resources[lng], ...namespaces };
  return resources;
}

/**
 * The browser's translator. On a server-rendered page it starts in the page's language with the
 * page's catalogs, so hydration shows the same words with no request and no flash. The client entry
 * awaits `i18nReady` before hydrating. On the server it is never used: each render has its own
 * (entry-server.tsx).
 */
const i18n = new Translator({
  lng: import.meta.env.SSR ? 'en' : browserLanguage(),
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: BASE_NAMESPACES,
  resources: import.meta.env.SSR ? {} : bundledResources(),
  load: import.meta.env.SSR ? undefined : fetchCatalog,
  retryDelays: RETRY_DELAYS_MS,
  missingKey,
});
setGlobalTranslator(i18n);

// Most visits never see a server error: the sentences for its codes are fetched with the first one.
// A request that never reached the server needs none ('common' words it), and a fetch that hangs
// must not hold the failure back for long.
if (!import.meta.env.SSR)
  setBeforeFailure((error) =>
    error.code === 'NETWORK' ? Promise.resolve() : Promise.race([i18n.loadNamespaces('errors'), new Promise((resolve) => setTimeout(resolve, 3000))]),
  );

if (!import.meta.env.SSR) i18n.on('failedLoading', (lng, ns) => unavailable.add(`${lng}|${ns}`));

export const i18nReady = import.meta.env.SSR
  ? Promise.resolve()
  : i18n.loadNamespaces(BASE_NAMESPACES).then(() => {
      i18n.on('languageChanged', rememberLanguage);
    });

/**
 * A first visit's language, written for the server and for pages the browser draws itself (the
 * cookie: browserLanguage reads it first), as a choice would be. Called by the client entry once
 * the page has hydrated. Not to localStorage, which a choice also writes: a device's first use of it
 * opens its store, 20 ms of a task on a slow phone for nothing the cookie does not already do
 * (decisions 0051, 0061). People who chose a language before the cookie existed are covered too. A
 * `?lang` variant is only looked at, not chosen.
 */
export function rememberFirstLanguage(): void {
  if (typeof document === 'undefined' || queryLanguage()) return;
  // What the page's request carried (SsrData.sent) saves reading the cookie back.
  const sent = ssrData()?.sent?.language;
  if (sent ?? document.cookie.includes(`${LANGUAGE_COOKIE}=`)) return;
  rememberInCookie(LANGUAGE_COOKIE, i18n.language);
}

export default i18n;

/**
 * Changes the language once the catalogs the screens used have arrived in it, so nothing suspends
 * while they load: the page stays as it is and then changes language at once, rather than giving way to
 * a loading state.
 */
export function switchLanguage(lng: string): Promise<unknown> {
  return i18n.changeLanguage(lng);
}
