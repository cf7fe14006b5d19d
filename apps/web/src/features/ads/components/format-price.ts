import type { AdSummary } from '@caribconnect/shared';
import { intlLocale } from '../../../lib/language';
import { PINNED_CURRENCY_SIGNS, withCurrencySigns } from '../../../lib/currency-text';

/**
 * How the region writes its dollars: CLDR gives most of them as the bare ISO code outside their own
 * country ("TTD 45,000"), while a Trinidadian reads "TT$". The locale still decides the rest
 * (grouping, decimal sign, where the symbol goes).
 */
const SYMBOLS: Record<string, string> = {
  JMD: 'J$',
  TTD: 'TT$',
  BBD: 'Bds$',
  BSD: 'B$',
  XCD: 'EC$',
  BZD: 'BZ$',
  GYD: 'G$',
  KYD: 'CI$',
  BMD: 'BD$',
  USD: 'US$',
  // And those whose sign the runtimes' data disagree on, or hydration would find other text (lib/currency-text.ts).
  ...PINNED_CURRENCY_SIGNS,
};

const formats = new Map<string, Intl.NumberFormat>();

/** An amount in the reader's locale with its currency, without decimals when it has none. */
export function formatPrice(amount: number, currency: string, language: string): string {
  const whole = Number.isInteger(amount);
  const key = `${language}|${currency}|${whole}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    formats.set(key, format);
  }
  return withCurrencySigns(format, amount, currency, SYMBOLS);
}

/** The price line of an ad: an amount, "Free" or "Price on request" (translated by the caller). */
export function priceText(ad: Pick<AdSummary, 'priceKind' | 'price' | 'currency'>, language: string, words: { free: string; onRequest: string }): string {
  if (ad.priceKind === 'free') return words.free;
  if (ad.priceKind === 'amount' && ad.price !== null && ad.currency) return formatPrice(ad.price, ad.currency, language);
  return words.onRequest;
}
