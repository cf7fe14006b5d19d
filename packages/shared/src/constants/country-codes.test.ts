import { describe, expect, it } from 'vitest';
import { CARIBBEAN_COUNTRIES } from './caribbean';
import { COUNTRIES } from './countries';
import { COUNTRY_CODES, countryCode } from './country-codes';

describe('country codes', () => {
  it('gives every listed country its own ISO 3166-1 code', () => {
    expect(Object.keys(COUNTRY_CODES).sort()).toEqual([...COUNTRIES].sort());
    const codes = Object.values(COUNTRY_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    for (const name of CARIBBEAN_COUNTRIES) expect(countryCode(name), name).toBeDefined();
  });

  it('names each code in other languages, and knows nothing of names outside the list', () => {
    const spanish = new Intl.DisplayNames('es', { type: 'region', fallback: 'none' });
    for (const code of Object.values(COUNTRY_CODES)) expect(spanish.of(code), code).toBeTruthy();
    expect(spanish.of(countryCode('Trinidad and Tobago')!)).toBe('Trinidad y Tobago');
    expect(countryCode('Atlantis')).toBeUndefined();
    expect(countryCode('toString')).toBeUndefined();
  });
});
