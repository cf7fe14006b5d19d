import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, jsonb, numeric, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** Millisecond precision, as jobs: the keyset cursor carries created_at through JavaScript Dates. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

export const adCategories = pgTable('ad_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stable name the web app translates by (AD_CATEGORIES in packages/shared). */
  slug: text('slug').notNull().unique(),
  name: text('name').notNull().unique(),
});

/**
 * A stored picture: storage keys `<base>-card.webp` and `<base>-detail.webp` (base is
 * `ads/<adId>-<contentHash>`), with each variant's pixel size.
 */
export interface StoredPicture {
  base: string;
  width: number;
  height: number;
  cardWidth: number;
  cardHeight: number;
}

export const ads = pgTable(
  'ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    categoryId: uuid('category_id').references(() => adCategories.id, { onDelete: 'set null' }),
    image: jsonb('image').$type<StoredPicture>(),
    /** `videos/<adId>-<contentHash>.<mp4|webm|mov>`. */
    videoKey: text('video_key'),
    /** The video's preview frame, captured in the browser and re-encoded like any picture. */
    poster: jsonb('poster').$type<StoredPicture>(),
    /** False on creation; no client can set it (spec section 4). */
    paid: boolean('paid').notNull().default(false),
    /**
     * True for an ad posted while ads are not free (settings.ads_free = false) until an admin records
     * its payment; such an ad is shown only to its owner and admins. `paid` keeps the spec's meaning
     * (false on creation) and becomes true when a payment is recorded.
     */
    awaitingPayment: boolean('awaiting_payment').notNull().default(false),
    /** The price it was posted at while ads were not free, in the operator's currency: what its order asks for (0034). */
    listingPrice: numeric('listing_price', { precision: 12, scale: 2 }),
    listingCurrency: text('listing_currency'),
    /**
     * Title and description folded (search_fold, migration 0014: case, accents, punctuation), matched
     * with LIKE (see modules/ads/list-query.ts). The newline keeps a term from matching across the
     * two: a search box cannot type one.
     */
    searchLc: text('search_lc')
      .notNull()
      .generatedAlwaysAs(sql`search_fold(title) || chr(10) || search_fold(description)`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** After this the ad leaves the list, search and sitemap; its owner renews it (decision 0037). */
    expiresAt: ts('expires_at')
      .notNull()
      .default(sql`(now() + interval '30 days')`),
    /** Expiry reminders sent since the last renewal: 0 none, 1 the 7-day one, 2 both. */
    remindersSent: smallint('reminders_sent').notNull().default(0),
    /** 'amount', 'free' (price 0) or 'on_request' (no price, no currency). */
    priceKind: text('price_kind').$type<'amount' | 'free' | 'on_request'>().notNull().default('on_request'),
    price: numeric('price', { precision: 14, scale: 2 }),
    /** ISO 4217 (CURRENCIES in packages/shared). */
    currency: text('currency'),
    negotiable: boolean('negotiable').notNull().default(false),
    /** English name, one of CARIBBEAN_COUNTRIES; null on ads posted before it was asked. */
    country: text('country'),
    town: text('town'),
  },
  (t) => [
    index('ads_created_at_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('ads_category_created_at_idx').on(t.categoryId, t.createdAt.desc(), t.id.desc()),
    index('ads_user_id_created_at_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    // fastupdate off, as for jobs: PGlite has no autovacuum to empty a GIN pending list.
    index('ads_search_lc_trgm_idx').using('gin', t.searchLc.op('gin_trgm_ops')).with({ fastupdate: false }),
    // Terms of 1-2 characters have no trigram: they match titles, through each title's distinct 1-
    // and 2-character substrings (job_title_grams, migration 0004, is not specific to jobs).
    index('ads_title_grams_idx')
      .using('gin', sql`job_title_grams(lower(${t.title}))`)
      .with({ fastupdate: false }),
    index('ads_country_created_at_idx').on(t.country, t.createdAt.desc(), t.id.desc()),
    // A price sort or range always names a country: its ads in one currency, in price order (0045).
    index('ads_country_currency_price_idx').on(t.country, t.currency, t.price, t.id),
    index('ads_free_created_at_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.priceKind} = 'free'`),
    index('ads_expiry_reminder_idx')
      .on(t.expiresAt)
      .where(sql`${t.remindersSent} < 2`),
    check('ads_price_kind_check', sql`${t.priceKind} in ('amount', 'free', 'on_request')`),
    check(
      'ads_price_check',
      sql`(${t.priceKind} = 'on_request' and ${t.price} is null and ${t.currency} is null) or (${t.priceKind} = 'free' and ${t.price} = 0 and ${t.currency} is not null) or (${t.priceKind} = 'amount' and ${t.price} >= 0 and ${t.currency} is not null)`,
    ),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Each ad's searched text as one tsvector (title A, category, country and town C, description D;
 * folded and stemmed four ways), for the ranked ads search (decision 0072). Written only by triggers
 * on ads (migration 0042, which is the definition), in the same transaction.
 */
export const adSearchDocs = pgTable(
  'ad_search_docs',
  {
    adId: uuid('ad_id').primaryKey(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    doc: tsvector('doc').notNull(),
  },
  (t) => [index('ad_search_docs_doc_idx').using('gin', t.doc), index('ad_search_docs_created_at_idx').on(t.createdAt.desc(), t.adId.desc())],
);

/** Every word of an ad's title, once: a typo's neighbours are looked up here (trigram index; migration 0042). */
export const adSearchVocabulary = pgTable('ad_search_vocabulary', { word: text('word').primaryKey() }, (t) => [
  index('ad_search_vocabulary_trgm_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false }),
]);
