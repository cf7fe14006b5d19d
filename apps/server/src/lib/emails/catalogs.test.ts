import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@caribconnect/shared';
import { EMAIL_CATALOGS, emailPlural, emailText, longDate, pageLanguage } from '.';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const en = EMAIL_CATALOGS.en;

describe('email catalogs', () => {
  it('exist for each of the six languages', () => {
    expect(Object.keys(EMAIL_CATALOGS).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  for (const code of LANGUAGE_CODES.filter((c) => c !== 'en')) {
    it(`${code} has every key of English and no other, no empty value, the same placeholders`, () => {
      const catalog = EMAIL_CATALOGS[code];
      expect(Object.keys(catalog).sort()).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(en)) {
        const translated = catalog[key]!;
        expect(translated.trim(), `${code} ${key}`).not.toBe('');
        expect(placeholders(translated), `${code} ${key}`).toEqual(placeholders(text));
        // Line breaks carry the email's layout (paragraphs, one link per line).
        expect(translated.split('\n').length, `${code} ${key}`).toBe(text.split('\n').length);
      }
    });
  }

  it('are translations, not copies of English (beyond names and codes)', () => {
    for (const code of LANGUAGE_CODES.filter((c) => c !== 'en')) {
      const same = Object.keys(en).filter((k) => en[k]!.length > 12 && EMAIL_CATALOGS[code][k] === en[k]);
      expect(same, code).toEqual([]);
    }
  });
});

describe('emailText', () => {
  it('fills placeholders once: a value holding {{…}} stays as it is', () => {
    expect(emailText('en', 'notify.newApplicant.subject', { jobTitle: '{{url}} <b>' })).toBe('New applicant: {{url}} <b>');
    expect(emailText('fr', 'interview.job', { title: 'Chef' })).toBe('Offre : Chef');
  });

  it('picks the singular for one and the plural otherwise', () => {
    expect(emailPlural('en', 'digest.applicants.subject', 1)).toBe('1 new applicant today');
    expect(emailPlural('en', 'digest.applicants.subject', 3)).toBe('3 new applicants today');
    expect(emailPlural('es', 'digest.applicants.subject', 0)).toBe('0 candidatos nuevos hoy');
  });

  it('formats dates by the language, French rules for Kreyòl and Dutch for Papiamento', () => {
    expect(longDate('en', '2026-07-14')).toBe('14 July 2026');
    expect(longDate('es', '2026-07-14')).toBe('14 de julio de 2026');
    expect(longDate('ht', '2026-07-14')).toBe('14 juillet 2026');
    expect(longDate('pap', '2026-07-14')).toBe('14 juli 2026');
  });
});

describe('pageLanguage', () => {
  it('is the lang cookie when it is ours, else the best of Accept-Language, else English', () => {
    expect(pageLanguage('a=1; lang=pap; b=2', 'fr')).toBe('pap');
    expect(pageLanguage('lang=xx', 'en;q=0.2, es-419;q=0.9')).toBe('es');
    expect(pageLanguage(undefined, 'de, nl;q=0.5, fr;q=0.5')).toBe('nl');
    expect(pageLanguage(undefined, 'ht;q=0, de')).toBe('en');
    expect(pageLanguage(undefined, 'fr;q=abc, ht')).toBe('ht');
    expect(pageLanguage('lang=<script>', undefined)).toBe('en');
  });
});
