import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '@caribconnect/shared';
import { PAP_COUNTRY_NAMES } from './countries';

describe('Papiamentu country names', () => {
  it('names every stored country, with no blank and no name shared by two countries', () => {
    expect(Object.keys(PAP_COUNTRY_NAMES).sort()).toEqual([...COUNTRIES].sort());
    const names = Object.values(PAP_COUNTRY_NAMES);
    expect(names.filter((name) => !name.trim())).toEqual([]);
    // A choice list shows these as labels: two countries with one name could not be told apart.
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('uses the Papiamentu names of the Caribbean countries', () => {
    expect(PAP_COUNTRY_NAMES['Curaçao']).toBe('Kòrsou');
    expect(PAP_COUNTRY_NAMES['Caribbean Netherlands']).toBe('Hulanda Karibense');
    expect(PAP_COUNTRY_NAMES['Dominican Republic']).toBe('Repúblika Dominikana');
    expect(PAP_COUNTRY_NAMES.Jamaica).toBe('Hamaika');
    expect(PAP_COUNTRY_NAMES['Trinidad and Tobago']).toBe('Trinidat i Tobago');
  });
});
