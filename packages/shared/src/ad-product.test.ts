import { describe, expect, it } from 'vitest';
import { adProductJsonLd, type AdProductSource } from './ad-product';

const ad: AdProductSource = {
  title: 'Fishing boat',
  description: '23 ft, twin engines.',
  priceKind: 'amount',
  price: 45000,
  currency: 'TTD',
  country: 'Trinidad and Tobago',
  town: 'Chaguaramas',
  expired: false,
  expiresAt: '2026-12-24T10:00:00.000Z',
  image: { detail: '/api/files/ads/x-detail.webp' },
};

describe('adProductJsonLd', () => {
  it('is a Product with an Offer when the ad has a price', () => {
    expect(adProductJsonLd(ad, 'https://x.test/ads/1', 'https://x.test')).toEqual({
      '@context': 'https://schema.org/',
      '@type': 'Product',
      name: 'Fishing boat',
      description: '23 ft, twin engines.',
      url: 'https://x.test/ads/1',
      image: 'https://x.test/api/files/ads/x-detail.webp',
      offers: {
        '@type': 'Offer',
        price: '45000.00',
        priceCurrency: 'TTD',
        availability: 'https://schema.org/InStock',
        priceValidUntil: '2026-12-24',
        url: 'https://x.test/ads/1',
        availableAtOrFrom: { '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: 'TT', addressLocality: 'Chaguaramas' } },
      },
    });
  });

  it('free is price 0; expired is Discontinued; price on request has no Offer', () => {
    const free = adProductJsonLd({ ...ad, priceKind: 'free', price: 0, expired: true }, 'u')!;
    expect(free.offers).toMatchObject({ price: '0.00', availability: 'https://schema.org/Discontinued' });
    expect(adProductJsonLd({ ...ad, priceKind: 'on_request', price: null, currency: null }, 'u')).toBeNull();
  });
});
