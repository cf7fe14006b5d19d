import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en/common.json';
import validation from '../locales/en/validation.json';

export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'nl', label: 'Nederlands' },
] as const;

// Every catalog but English's common one is fetched when first needed, one small chunk per
// language and namespace, so a phone on a slow network downloads only what it shows.
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

const stored = typeof localStorage !== 'undefined' ? localStorage.getItem('language') : null;

void i18n
  .use(lazyCatalogs)
  .use(initReactI18next)
  .init({
    lng: LANGUAGES.some((l) => l.value === stored) ? stored! : 'en',
    fallbackLng: 'en',
    // Validation messages and error codes are read outside components (lib/errors.ts): loaded up front.
    ns: ['common', 'validation'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { en: { common, validation } },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (lng) => {
  localStorage.setItem('language', lng);
  document.documentElement.lang = lng;
});

export default i18n;
