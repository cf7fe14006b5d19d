import { COUNTRY_CODES } from './country-codes';
import type { Currency } from './currency-codes';

// The list apart (currency-codes.ts): the web app's job filters read it on every first load, and
// this module brings the table of every country's code with it.
export { CURRENCIES, isCurrency, type Currency } from './currency-codes';

/** The currency a country's prices are quoted in, by ISO 3166-1 alpha-2 code; any other country: USD. */
const BY_COUNTRY_CODE: Readonly<Record<string, Currency>> = {
  // Eastern Caribbean dollar
  AI: 'XCD', AG: 'XCD', DM: 'XCD', GD: 'XCD', MS: 'XCD', KN: 'XCD', LC: 'XCD', VC: 'XCD',
  // Their own currencies
  AW: 'AWG', BS: 'BSD', BB: 'BBD', BZ: 'BZD', BM: 'BMD', KY: 'KYD', CU: 'CUP', DO: 'DOP', GY: 'GYD', HT: 'HTG',
  JM: 'JMD', SR: 'SRD', TT: 'TTD', CW: 'XCG', SX: 'XCG',
  // US dollar territories and the Dutch islands that use it
  VG: 'USD', BQ: 'USD', PR: 'USD', TC: 'USD', VI: 'USD', US: 'USD',
  // French territories
  GP: 'EUR', MQ: 'EUR', BL: 'EUR', MF: 'EUR', GF: 'EUR', FR: 'EUR',
  CA: 'CAD', GB: 'GBP', UK: 'GBP',
}; // prettier-ignore

const CODE_OF_NAME: Readonly<Record<string, string>> = COUNTRY_CODES;

/**
 * The default currency of a country, given by its ISO alpha-2 code ("JM") or by its name as stored
 * ("Jamaica", a value of COUNTRIES). Unknown or empty: USD, the currency most quoted across the region.
 */
export function currencyOfCountry(code: string | null | undefined): Currency {
  if (!code) return 'USD';
  const iso = CODE_OF_NAME[code] ?? code.toUpperCase();
  return BY_COUNTRY_CODE[iso] ?? 'USD';
}
