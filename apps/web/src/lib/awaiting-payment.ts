import { intlLocale } from './language';
import { usePaymentSettings } from './payment-settings';
import { useTranslation } from './use-translation';

/** What the job and ad answers carry for the owner and admins: the price the listing was posted at. */
export interface KeptPrice {
  listingPrice?: string | null;
  listingCurrency?: string | null;
}

function money(amount: string, currency: string, language: string) {
  try {
    return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency }).format(Number(amount));
  } catch {
    return `${amount} ${currency}`;
  }
}

/**
 * "Awaiting payment of $25" for an unpaid listing, with the price it was posted at (issue 47: a later
 * change of the settings' price applies to new listings only, and Pay now charges the kept one). The
 * settings' price only for a listing that has none kept. `usdText` is the screen's own sentence (the
 * spec's, with its "$"); another currency is written out by the payments catalog's.
 */
export function useAwaitingPaymentText(kind: 'job' | 'ad') {
  const settings = usePaymentSettings().data;
  const { t, i18n } = useTranslation('payments');
  const priceOf = (listing: KeptPrice) => {
    const kept = listing.listingPrice != null;
    // Kept as numeric(12,2): "25.00" reads as the settings' "25" did.
    const price = ((kept ? listing.listingPrice : kind === 'job' ? settings?.jobPrice : settings?.adPrice) ?? '').replace(/\.00$/, '');
    return { price, currency: (kept ? listing.listingCurrency : settings?.currency) ?? 'USD' };
  };
  const text = (listing: KeptPrice, usdText: (price: string) => string): string => {
    const { price, currency } = priceOf(listing);
    if (currency === 'USD' || price === '') return usdText(price);
    return t('awaitingIn', { amount: money(price, currency, i18n.language) });
  };
  return Object.assign(text, { priceOf });
}
