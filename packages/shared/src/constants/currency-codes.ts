/**
 * The currencies a price or a salary may be given in (ISO 4217): every currency of the region, and
 * the few a Caribbean employer or seller also quotes in. XCG is the Caribbean guilder that replaced
 * the Netherlands Antillean guilder (ANG) in Curaçao and Sint Maarten in 2025; ANG stays accepted
 * for what was written before.
 */
export const CURRENCIES = [
  'USD', 'EUR', 'GBP', 'CAD',
  'AWG', 'ANG', 'XCG', 'BBD', 'BMD', 'BSD', 'BZD', 'CUP', 'DOP', 'GYD', 'HTG', 'JMD', 'KYD', 'SRD', 'TTD', 'XCD',
] as const; // prettier-ignore
export type Currency = (typeof CURRENCIES)[number];

export const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);
