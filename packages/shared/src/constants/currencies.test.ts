import { describe, expect, it } from 'vitest';
import { CARIBBEAN_COUNTRIES } from './caribbean';
import { CURRENCIES, currencyOfCountry, isCurrency } from './currencies';

describe('currencyOfCountry', () => {
  it('knows the currency of every Caribbean country, by name or by code', () => {
    expect(currencyOfCountry('Jamaica')).toBe('JMD');
    expect(currencyOfCountry('TT')).toBe('TTD');
    expect(currencyOfCountry('Trinidad and Tobago')).toBe('TTD');
    expect(currencyOfCountry('Martinique')).toBe('EUR');
    expect(currencyOfCountry('Curaçao')).toBe('XCG');
    expect(currencyOfCountry('Saint Lucia')).toBe('XCD');
    expect(currencyOfCountry('Haiti')).toBe('HTG');
    for (const country of CARIBBEAN_COUNTRIES) expect(isCurrency(currencyOfCountry(country)), country).toBe(true);
  });

  it('falls back to USD for anywhere else and for nothing', () => {
    expect(currencyOfCountry('Japan')).toBe('USD');
    expect(currencyOfCountry('')).toBe('USD');
    expect(currencyOfCountry(undefined)).toBe('USD');
    expect(new Set(CURRENCIES).size).toBe(CURRENCIES.length);
  });
});
