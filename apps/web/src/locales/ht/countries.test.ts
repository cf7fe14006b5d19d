import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '@caribconnect/shared';
import { HT_COUNTRY_NAMES } from './countries';

describe('Haitian Creole country names', () => {
  it('names every stored country, with no blank and no name shared by two countries', () => {
    expect(Object.keys(HT_COUNTRY_NAMES).sort()).toEqual([...COUNTRIES].sort());
    const names = Object.values(HT_COUNTRY_NAMES);
    expect(names.filter((name) => !name.trim())).toEqual([]);
    // A choice list shows these as labels: two countries with one name could not be told apart.
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('uses the Creole names of the Caribbean countries', () => {
    expect(HT_COUNTRY_NAMES.Haiti).toBe('Ayiti');
    expect(HT_COUNTRY_NAMES['Dominican Republic']).toBe('Dominikani');
    expect(HT_COUNTRY_NAMES['United States']).toBe('Etazini');
    expect(HT_COUNTRY_NAMES.Jamaica).toBe('Jamayik');
    expect(HT_COUNTRY_NAMES['Trinidad and Tobago']).toBe('Trinidad ak Tobago');
  });
});
