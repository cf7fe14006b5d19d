import { z } from './zod';
import { page, pageQuery } from './common.schema';

export const ADS_PAGE_SIZE = 12;
export const AD_TITLE_MAX = 150;
export const AD_DESCRIPTION_MAX = 5000;

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
export const adFields = z.object({
  title: required('Title', AD_TITLE_MAX),
  description: required('Description', AD_DESCRIPTION_MAX),
  categoryId: z.string({ message: 'Please select a category.' }).trim().min(1, { message: 'Please select a category.' }).max(100),
});
export type AdFields = z.input<typeof adFields>;

/** Edit Ad also says which media to drop; "true" as multipart fields carry text. */
export const adUpdateFields = adFields.extend({
  removeImage: z.enum(['true', 'false']).optional(),
  removeVideo: z.enum(['true', 'false']).optional(),
});

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
});

/** A card on Browse Ads: description cut short on the server; the video itself is not sent, only its preview frame. */
export const adSummary = adBase.extend({ preview: adPicture.nullable(), hasVideo: z.boolean() });
export type AdSummary = z.infer<typeof adSummary>;

export const ad = adBase.extend({ video: adVideo.nullable(), paid: z.boolean(), posterName: z.string() });
export type Ad = z.infer<typeof ad>;

export const adListQuery = z
  .object({
    q: z.string().trim().max(100).optional(),
    category: z.string().trim().max(100).optional(),
  })
  .extend(pageQuery.shape)
  .extend({ limit: pageQuery.shape.limit.default(ADS_PAGE_SIZE) });
export type AdListQuery = z.input<typeof adListQuery>;

export const adPage = page(adSummary);
export type AdPage = z.infer<typeof adPage>;
