/**
 * Currency signs written by the app rather than by the runtime's CLDR data, for currencies whose
 * sign the runtimes do not agree on. The Caribbean guilder (XCG, since 2025) is "Cg." in CLDR 47
 * and later (Node's ICU, which renders the page) and its bare code "XCG" in older data (Chromium
 * 156's, older Safari's): a job paid in guilders hydrated with other text than the server wrote,
 * and React reported the mismatch (#418) and drew that part anew on the client, in one long task.
 * Pinned here, a page says the same on the server and in every browser.
 */
export const PINNED_CURRENCY_SIGNS: Readonly<Record<string, string>> = { XCG: 'Cg.' };

/** A currency format's output with the currency's sign taken from `signs` where it names one. */
export function withCurrencySigns(format: Intl.NumberFormat, amount: number, currency: string, signs: Readonly<Record<string, string>>): string {
  const sign = signs[currency];
  if (!sign) return format.format(amount);
  return format
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? sign : part.value))
    .join('');
}
