/**
 * The ad categories a Caribbean classifieds site needs, seeded into ad_categories (migration 0005_ads and
 * the seed). The slug is stable: the web app translates category names by it.
 */
export const AD_CATEGORIES = [
  { slug: 'vehicles', name: 'Vehicles' },
  { slug: 'property-rentals', name: 'Property & Rentals' },
  { slug: 'electronics', name: 'Electronics' },
  { slug: 'home-garden', name: 'Home & Garden' },
  { slug: 'fashion-beauty', name: 'Fashion & Beauty' },
  { slug: 'services', name: 'Services' },
  { slug: 'business-promotion', name: 'Business Promotion' },
  { slug: 'events', name: 'Events' },
  { slug: 'farm-fishing', name: 'Farm & Fishing' },
  { slug: 'boats-marine', name: 'Boats & Marine' },
  { slug: 'jobs-wanted', name: 'Jobs Wanted' },
] as const;
export type AdCategorySlug = (typeof AD_CATEGORIES)[number]['slug'];
