import { CARIBBEAN_COUNTRIES } from './caribbean';

/**
 * The ISO 4217 currencies a listing may be priced in: each Caribbean country's own, plus USD and
 * EUR (quoted across the region; EUR is the French territories' own). XCG replaced ANG in Curaçao and
 * Sint Maarten in 2025; ANG stays accepted for prices written before.
 */
export const CURRENCIES = [
  'JMD',
  'TTD',
  'BBD',
  'BSD',
  'XCD',
  'HTG',
  'DOP',
  'XCG',
  'ANG',
  'AWG',
  'SRD',
  'GYD',
  'BZD',
  'KYD',
  'BMD',
  'CUP',
  'USD',
  'EUR',
] as const;
export type Currency = (typeof CURRENCIES)[number];

type CaribbeanCountry = (typeof CARIBBEAN_COUNTRIES)[number];

/** The currency prices are written in, by default, in each of the 32 Caribbean countries and territories. */
const BY_COUNTRY: Readonly<Record<CaribbeanCountry, Currency>> = {
  Anguilla: 'XCD',
  'Antigua and Barbuda': 'XCD',
  Aruba: 'AWG',
  Bahamas: 'BSD',
  Barbados: 'BBD',
  Belize: 'BZD',
  Bermuda: 'BMD',
  'British Virgin Islands': 'USD',
  'Caribbean Netherlands': 'USD',
  'Cayman Islands': 'KYD',
  Cuba: 'CUP',
  Curaçao: 'XCG',
  Dominica: 'XCD',
  'Dominican Republic': 'DOP',
  Grenada: 'XCD',
  Guadeloupe: 'EUR',
  Guyana: 'GYD',
  Haiti: 'HTG',
  Jamaica: 'JMD',
  Martinique: 'EUR',
  Montserrat: 'XCD',
  'Puerto Rico': 'USD',
  'Saint Barthélemy': 'EUR',
  'Saint Kitts and Nevis': 'XCD',
  'Saint Lucia': 'XCD',
  'Saint Martin': 'EUR',
  'Saint Vincent and the Grenadines': 'XCD',
  'Sint Maarten': 'XCG',
  Suriname: 'SRD',
  'Trinidad and Tobago': 'TTD',
  'Turks and Caicos Islands': 'USD',
  'US Virgin Islands': 'USD',
};

const CODES: Readonly<Record<string, CaribbeanCountry>> = {
  AI: 'Anguilla',
  AG: 'Antigua and Barbuda',
  AW: 'Aruba',
  BS: 'Bahamas',
  BB: 'Barbados',
  BZ: 'Belize',
  BM: 'Bermuda',
  VG: 'British Virgin Islands',
  BQ: 'Caribbean Netherlands',
  KY: 'Cayman Islands',
  CU: 'Cuba',
  CW: 'Curaçao',
  DM: 'Dominica',
  DO: 'Dominican Republic',
  GD: 'Grenada',
  GP: 'Guadeloupe',
  GY: 'Guyana',
  HT: 'Haiti',
  JM: 'Jamaica',
  MQ: 'Martinique',
  MS: 'Montserrat',
  PR: 'Puerto Rico',
  BL: 'Saint Barthélemy',
  KN: 'Saint Kitts and Nevis',
  LC: 'Saint Lucia',
  MF: 'Saint Martin',
  VC: 'Saint Vincent and the Grenadines',
  SX: 'Sint Maarten',
  SR: 'Suriname',
  TT: 'Trinidad and Tobago',
  TC: 'Turks and Caicos Islands',
  VI: 'US Virgin Islands',
};

export const isCurrency = (code: string): code is Currency => (CURRENCIES as readonly string[]).includes(code);

/**
 * The default currency of a Caribbean country, given as its ISO 3166-1 alpha-2 code ("JM") or its
 * English name as stored ("Jamaica"); undefined for any other country.
 */
export function currencyOfCountry(code: string): Currency | undefined {
  const name = (CODES[code.toUpperCase()] ?? code) as CaribbeanCountry;
  return BY_COUNTRY[name];
}
