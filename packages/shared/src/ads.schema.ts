import { z } from './zod';
import { keptListingPrice } from './payments.schema';
import { plainNumberText } from './number-text';
import { page, pageQuery } from './common.schema';
import { CARIBBEAN_COUNTRIES } from './constants/caribbean';
import { CURRENCIES, isCurrency } from './constants/currencies';

export const ADS_PAGE_SIZE = 12;
export const AD_TITLE_MAX = 150;
export const AD_DESCRIPTION_MAX = 5000;
export const AD_TOWN_MAX = 100;
/** Days an ad stays listed after it is posted or renewed. */
export const AD_LIFETIME_DAYS = 30;
/** Reminders go out this many days before an ad expires, each once per period. */
export const AD_REMINDER_DAYS = [7, 1] as const;
/** The largest price accepted: 12 digits before the decimal point (numeric(14, 2)). */
export const AD_PRICE_MAX = 999_999_999_999;

export const AD_PRICE_KINDS = ['amount', 'free', 'on_request'] as const;
export type AdPriceKind = (typeof AD_PRICE_KINDS)[number];
/** `relevance` ranks ads by how well they match the search words (decision 0072; without words it is the newest-first list). */
export const AD_SORTS = ['newest', 'price', 'price_desc', 'relevance'] as const;
export type AdSort = (typeof AD_SORTS)[number];

/** A price as a person types it: digits, optionally a point and one or two decimals. */
const PRICE_TEXT = /^\d{1,12}(\.\d{1,2})?$/;

const required = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: `${label} is required.` })
    .max(max, { message: `${label} must be at most ${max} characters.` });

/**
 * The text fields of Post an Ad / Edit Ad (spec section 5: title, description, category required).
 * Sent as multipart fields beside the files (image, video, preview). Anything else a client sends
 * (user_id, paid, id…) is not part of the schema and is dropped.
 */
const adFieldsShape = {
  title: required('Title', AD_TITLE_MAX),
  description: required('Description', AD_DESCRIPTION_MAX),
  categoryId: z.string({ message: 'Please select a category.' }).trim().min(1, { message: 'Please select a category.' }).max(100),
  /** Required for new ads and on every edit: ads posted before it was asked have none until then. */
  country: z.enum(CARIBBEAN_COUNTRIES, { message: 'Please choose a country.' }),
  town: z
    .string()
    .trim()
    .max(AD_TOWN_MAX, { message: `Town must be at most ${AD_TOWN_MAX} characters.` })
    .optional(),
  priceKind: z.enum(AD_PRICE_KINDS, { message: 'Choose a price, Free or Price on request.' }).optional(),
  /** Text, as multipart fields and form inputs carry it; required with priceKind "amount" and refused otherwise. */
  price: z.string().trim().max(20, { message: 'Enter a price of 0 or more, with at most 2 decimals.' }).optional(),
  /** ISO 4217; defaults to the country's currency. */
  currency: z.string().trim().max(3, { message: 'Choose a currency from the list.' }).optional(),
  negotiable: z.enum(['true', 'false', 'on', '']).optional(),
};

/** The rules between the price fields, for Post an Ad and Edit Ad alike. */
function checkPrice(value: { priceKind?: string; price?: string; currency?: string }, ctx: z.RefinementCtx) {
  const kind = value.priceKind ?? (value.price ? 'amount' : 'on_request');
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (kind === 'amount') {
    if (!value.price) issue('price', 'Enter a price, or choose Free or Price on request.');
    else if (!PRICE_TEXT.test(value.price)) issue('price', 'Enter a price of 0 or more, with at most 2 decimals.');
  } else if (value.price) {
    issue('price', kind === 'free' ? 'A free ad has no price.' : 'An ad with price on request has no price.');
  }
  if (value.currency && !isCurrency(value.currency)) issue('currency', 'Choose a currency from the list.');
}

/**
 * The text fields of Post an Ad / Edit Ad (spec section 5: title, description, category required;
 * then the place and the price). Sent as multipart fields beside the files (image, video, preview).
 * Anything else a client sends (user_id, paid, id, expiresAt…) is not part of the schema and is dropped.
 */
export const adFields = z.object(adFieldsShape).superRefine(checkPrice);
export type AdFields = z.input<typeof adFields>;

/** Edit Ad also says which media to drop; "true" as multipart fields carry text. */
export const adUpdateFields = z
  .object({
    ...adFieldsShape,
    removeImage: z.enum(['true', 'false']).optional(),
    removeVideo: z.enum(['true', 'false']).optional(),
  })
  .superRefine(checkPrice);

export const adCategory = z.object({ id: z.string(), slug: z.string(), name: z.string() });
export type AdCategory = z.infer<typeof adCategory>;

/** A picture in two sizes (WebP); width and height let the page reserve its space before it loads. */
export const adPicture = z.object({
  /** The card picture for small screens (srcset): `smallWidth` wide, 4:3 like `card`. */
  small: z.string(),
  smallWidth: z.number().int(),
  card: z.string(),
  detail: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  cardWidth: z.number().int(),
  cardHeight: z.number().int(),
});
export type AdPicture = z.infer<typeof adPicture>;

export const adVideo = z.object({
  url: z.string(),
  type: z.string(),
  /** The frame captured in the browser when the video was chosen. */
  poster: adPicture.nullable(),
});
export type AdVideo = z.infer<typeof adVideo>;

const adBase = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  categoryId: z.string().nullable(),
  /** Null for "Uncategorized". */
  categoryName: z.string().nullable(),
  categorySlug: z.string().nullable(),
  userId: z.string(),
  createdAt: z.string(),
  image: adPicture.nullable(),
  /** Posted while ads were not free and not paid for yet: only its owner and admins see it. */
  awaitingPayment: z.boolean(),
  priceKind: z.enum(AD_PRICE_KINDS),
  /** Null for "Price on request"; 0 for a free ad. */
  price: z.number().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  negotiable: z.boolean(),
  /** Null on ads posted before a country was asked, until they are edited. */
  country: z.string().nullable(),
  town: z.string().nullable(),
  expiresAt: z.string(),
  /** Past its closing date: out of the list, search and sitemap; its page says it is no longer available. */
  expired: z.boolean(),
  ...keptListingPrice,
});

/** A card on Browse Ads: description cut short on the server; the video itself is not sent, only its preview frame. */
export const adSummary = adBase.extend({ preview: adPicture.nullable(), hasVideo: z.boolean() });
export type AdSummary = z.infer<typeof adSummary>;

export const ad = adBase.extend({ video: adVideo.nullable(), paid: z.boolean(), posterName: z.string() });
export type Ad = z.infer<typeof ad>;

/** A bound of the price range; an empty field (a GET form sends it) is no bound. */
const priceBound = z.preprocess(
  // "1,500", "1 500", "1.500,50": as people in the region type a price (number-text.ts).
  (v) => (v === '' ? undefined : plainNumberText(v)),
  z.coerce
    .number({ message: 'Enter a price of 0 or more.' })
    .min(0, { message: 'Enter a price of 0 or more.' })
    .max(AD_PRICE_MAX, { message: 'Enter a price of 0 or more.' })
    .optional(),
);

export const adListQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    category: z.string().trim().max(100).optional(),
    country: z.enum(CARIBBEAN_COUNTRIES, { message: 'Please choose a country.' }).or(z.literal('')).optional(),
    /** A price range applies to ads priced in the chosen country's currency (decision 0037). */
    minPrice: priceBound,
    maxPrice: priceBound,
    free: z.enum(['true', 'on', '']).optional(),
    sort: z.enum(AD_SORTS, { message: 'Sort by newest or by price.' }).or(z.literal('')).optional(),
  })
  .extend(pageQuery.shape)
  .extend({ limit: pageQuery.shape.limit.default(ADS_PAGE_SIZE) });
export type AdListQuery = z.input<typeof adListQuery>;

export const adPage = page(adSummary).extend({
  /** The order the page is in: `relevance` only when the search had words and asked for it. */
  sort: z.literal('relevance').optional(),
  /** When nothing was found: the query with its unknown words replaced by the nearest known ones ("Did you mean: fridge?"). */
  didYouMean: z.string().optional(),
});
export type AdPage = z.infer<typeof adPage>;

/** The owner's ads past their closing date, newest first (Renew brings one back). */
export const ownExpiredAdsQuery = pageQuery.extend({ limit: pageQuery.shape.limit.default(ADS_PAGE_SIZE) });
