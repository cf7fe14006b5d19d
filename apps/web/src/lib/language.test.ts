import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language';

describe('pickLanguage', () => {
  it("takes the person's choice from the lang cookie first", () => {
    expect(pickLanguage('a=1; lang=nl; b=2', 'fr')).toBe('nl');
    expect(pickLanguage('lang=es', undefined)).toBe('es');
  });

  it('else the first language of Accept-Language we have, by weight', () => {
    expect(pickLanguage(undefined, 'de-DE, fr;q=0.8, en;q=0.5')).toBe('fr');
    expect(pickLanguage('lang=xx', 'en;q=0.2, es-419;q=0.9')).toBe('es');
    expect(pickLanguage(undefined, 'nl-BE')).toBe('nl');
  });

  it('else English', () => {
    expect(pickLanguage(undefined, undefined)).toBe('en');
    expect(pickLanguage('', 'de, ja;q=0.5')).toBe('en');
    expect(pickLanguage(undefined, 'fr;q=0')).toBe('en');
  });
});
