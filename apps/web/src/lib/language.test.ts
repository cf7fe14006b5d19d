import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@caribconnect/shared';
import { intlLocale, LANGUAGES, pickLanguage, savedLanguage } from './language';

describe('pickLanguage', () => {
  it('takes a valid ?lang first, over the saved choice, the cookie and Accept-Language', () => {
    expect(pickLanguage({ search: '?lang=ht&page=2', saved: 'es', cookie: 'lang=nl', acceptLanguage: 'fr' })).toBe('ht');
    expect(pickLanguage({ search: new URLSearchParams('lang=pap'), cookie: 'lang=nl' })).toBe('pap');
    // A forged or unknown value is ignored, not an error.
    expect(pickLanguage({ search: '?lang=%3Cscript%3E', cookie: 'lang=nl' })).toBe('nl');
    expect(pickLanguage({ search: '?lang=de', acceptLanguage: 'fr' })).toBe('fr');
  });

  it("then the signed-in person's saved language, over the cookie", () => {
    expect(pickLanguage({ saved: 'pap', cookie: 'lang=nl', acceptLanguage: 'fr' })).toBe('pap');
    expect(pickLanguage({ saved: 'xx', cookie: 'lang=nl' })).toBe('nl');
    expect(pickLanguage({ saved: null, cookie: 'lang=es' })).toBe('es');
  });

  it("then the person's choice from the lang cookie", () => {
    expect(pickLanguage({ cookie: 'a=1; lang=nl; b=2', acceptLanguage: 'fr' })).toBe('nl');
    expect(pickLanguage({ cookie: 'lang=ht' })).toBe('ht');
    expect(pickLanguage({ cookie: 'xlang=ht' })).toBe('en');
  });

  it('else the first language of Accept-Language we have, by weight', () => {
    expect(pickLanguage({ acceptLanguage: 'de-DE, fr;q=0.8, en;q=0.5' })).toBe('fr');
    expect(pickLanguage({ cookie: 'lang=xx', acceptLanguage: 'en;q=0.2, es-419;q=0.9' })).toBe('es');
    expect(pickLanguage({ acceptLanguage: 'nl-BE' })).toBe('nl');
    expect(pickLanguage({ acceptLanguage: 'pap-CW, nl;q=0.8' })).toBe('pap');
    expect(pickLanguage({ acceptLanguage: 'ht-HT;q=0.9, fr;q=0.5' })).toBe('ht');
  });

  it('else English', () => {
    expect(pickLanguage({})).toBe('en');
    expect(pickLanguage({ cookie: '', acceptLanguage: 'de, ja;q=0.5' })).toBe('en');
    expect(pickLanguage({ acceptLanguage: 'fr;q=0' })).toBe('en');
  });
});

describe('the languages', () => {
  it('are the shared six, each in its own name', () => {
    expect(LANGUAGES.map((l) => l.value)).toEqual([...LANGUAGE_CODES]);
    expect(LANGUAGES.find((l) => l.value === 'ht')?.label).toBe('Kreyòl ayisyen');
    expect(LANGUAGES.find((l) => l.value === 'pap')?.label).toBe('Papiamentu');
  });

  it('reads the saved language from a session user only when it is one of ours', () => {
    expect(savedLanguage({ id: '1', language: 'pap' })).toBe('pap');
    expect(savedLanguage({ id: '1', language: 'de' })).toBeNull();
    expect(savedLanguage({ id: '1' })).toBeNull();
    expect(savedLanguage(null)).toBeNull();
  });
});

describe('intlLocale', () => {
  it('formats Creole by French rules and Papiamento by Dutch rules, as the runtime has no data for them', () => {
    // Why the mapping exists: if a runtime ever gains the data, this fails and the mapping can go.
    expect(Intl.DateTimeFormat.supportedLocalesOf(['ht', 'pap'])).toEqual([]);
    expect(intlLocale('ht')).toBe('fr');
    expect(intlLocale('pap')).toBe('nl');
    for (const language of ['en', 'es', 'fr', 'nl']) expect(intlLocale(language)).toBe(language);
    const date = new Date('2026-03-12T12:00:00Z');
    const medium = (language: string) => new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
    expect(medium('ht')).toBe(medium('fr'));
    expect(medium('pap')).toBe(medium('nl'));
    expect(medium('ht')).not.toBe(medium('en'));
  });
});
