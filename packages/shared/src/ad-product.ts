import { COUNTRY_CODES } from './constants/country-codes';
import type { Ad } from './ads.schema';

export type AdProductSource = Pick<Ad, 'title' | 'description' | 'priceKind' | 'price' | 'currency' | 'country' | 'town' | 'expired' | 'expiresAt'> & {
  image?: { detail: string } | null;
};

/**
 * The JSON-LD of an ad page: schema.org Product with an Offer, when the ad has a price (an amount,
 * or 0 for a free ad); "Price on request" has no Offer to describe, so null. A live ad is InStock
 * until its closing date (priceValidUntil); an expired one Discontinued (no longer offered here).
 */
export function adProductJsonLd(ad: AdProductSource, url: string, origin = ''): Record<string, unknown> | null {
  if (ad.priceKind === 'on_request' || ad.price === null || !ad.currency) return null;
  const offer: Record<string, unknown> = {
    '@type': 'Offer',
    price: ad.price.toFixed(2),
    priceCurrency: ad.currency,
    availability: ad.expired ? 'https://schema.org/Discontinued' : 'https://schema.org/InStock',
    priceValidUntil: ad.expiresAt.slice(0, 10),
    url,
  };
  const code = ad.country ? COUNTRY_CODES[ad.country as keyof typeof COUNTRY_CODES] : undefined;
  if (code) {
    const address: Record<string, string> = { '@type': 'PostalAddress', addressCountry: code };
    if (ad.town) address.addressLocality = ad.town;
    offer.availableAtOrFrom = { '@type': 'Place', address };
  }
  const product: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'Product',
    name: ad.title,
    description: ad.description,
    url,
    offers: offer,
  };
  if (ad.image) product.image = origin + ad.image.detail;
  return product;
}
