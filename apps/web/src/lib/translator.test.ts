import { describe, expect, it } from 'vitest';
import { Translator, type Catalog } from './translator';

const resources = {
  en: {
    common: { hello: 'Hello {{name}}', nested: { deep: 'Deep' }, items_one: '{{count}} item', items_other: '{{count}} items' },
    jobs: { title: 'Jobs', saved_zero: 'None saved', saved_one: 'One saved', saved_other: '{{count}} saved' },
    validation: { 'Must be a number.': 'Must be a number.' },
  },
  fr: { common: { items_one: '{{count}} article', items_other: '{{count}} articles' } },
  ht: { common: { items_one: '{{count}} atik', items_other: '{{count}} atik yo' } },
};

const make = (lng = 'en', load?: (lng: string, ns: string) => Promise<Catalog>) =>
  new Translator({ lng, fallbackLng: 'en', defaultNS: 'common', ns: ['common'], resources, load, retryDelays: [1, 1] });

describe('translator', () => {
  it('reads nested keys, namespaces and interpolates; a missing value stays as written', () => {
    const i18n = make();
    expect(i18n.t('nested.deep')).toBe('Deep');
    expect(i18n.t('jobs:title')).toBe('Jobs');
    expect(i18n.t('title', { ns: 'jobs' })).toBe('Jobs');
    expect(i18n.getFixedT(null, 'jobs')('title')).toBe('Jobs');
    expect(i18n.t('hello', { name: 'Ana' })).toBe('Hello Ana');
    expect(i18n.t('hello')).toBe('Hello {{name}}');
    expect(i18n.t('hello', { name: undefined })).toBe('Hello ');
    expect(i18n.t('hello', { name: '{{name}} $&' })).toBe('Hello {{name}} $&');
  });

  it('picks plural keys by the language, _zero first, with ht following French rules', () => {
    expect(make().t('items', { count: 1 })).toBe('1 item');
    expect(make().t('items', { count: 0 })).toBe('0 items');
    expect(make().t('jobs:saved', { count: 0 })).toBe('None saved');
    expect(make().t('jobs:saved', { count: 7 })).toBe('7 saved');
    expect(make('fr').t('items', { count: 0 })).toBe('0 article');
    expect(make('ht').t('items', { count: 0 })).toBe('0 atik');
    expect(make('ht').t('items', { count: 2 })).toBe('2 atik yo');
  });

  it('falls back to English, then to the default value or the key', () => {
    const i18n = make('fr');
    expect(i18n.t('hello', { name: 'Ana' })).toBe('Hello Ana');
    expect(i18n.t('nope', { defaultValue: 'Said {{x}}', x: 1 })).toBe('Said 1');
    expect(i18n.t('jobs:nope')).toBe('nope');
    expect(i18n.exists('Must be a number.', { ns: 'validation', keySeparator: false, nsSeparator: false })).toBe(true);
    expect(i18n.exists('jobs:nope')).toBe(false);
  });

  it('loads a namespace once, retries a failure, and changes language after loading what was used', async () => {
    const asked: string[] = [];
    let failures = 1;
    const i18n = make('en', async (lng, ns) => {
      asked.push(`${lng}|${ns}`);
      if (failures-- > 0) throw new Error('dropped');
      return { word: `${lng} ${ns}` };
    });
    const events: string[] = [];
    i18n.on('languageChanged', (lng) => events.push(lng));
    expect(i18n.hasLoaded(['ads'])).toBe(false);
    await Promise.all([i18n.loadNamespaces('ads'), i18n.loadNamespaces(['ads'])]);
    expect(i18n.t('ads:word')).toBe('en ads');
    expect(asked).toEqual(['en|ads', 'en|ads']);
    await i18n.changeLanguage('es');
    expect(events).toEqual(['es']);
    expect(asked.slice(2).sort()).toEqual(['es|ads', 'es|common']);
    expect(i18n.t('ads:word')).toBe('es ads');
    expect(i18n.usedNamespaces()).toEqual(['ads']);
  });

  it('reports a catalog that never arrived and counts it as settled', async () => {
    const i18n = make('en', () => Promise.reject(new Error('offline')));
    const failed: string[] = [];
    i18n.on('failedLoading', (lng, ns) => failed.push(`${lng}|${ns}`));
    await i18n.loadNamespaces('ads');
    expect(failed).toEqual(['en|ads']);
    expect(i18n.hasLoaded(['ads'])).toBe(true);
  });
});
