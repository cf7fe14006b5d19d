import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** Millisecond precision, as the keyset cursor carries created_at through JavaScript Dates. */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** One consultant record per account, made by completing the consultant profile. */
export const consultants = pgTable(
  'consultants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    /** The account's email, copied on every save: the form shows it read-only. */
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull(),
    specialty: text('specialty').notNull(),
    contactInfo: text('contact_info').notNull(),
    bio: text('bio').notNull().default(''),
    /** Storage key in the public `consultants` area; the URL is built from it. */
    photoKey: text('photo_key'),
    /** Kept by the trigger on consultant_reviews (migration 0005), never written by a request. */
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('0'),
    reviewCount: integer('review_count').notNull().default(0),
    /** Requests newer than this are the dashboard's "new" ones. */
    requestsSeenAt: ts('requests_seen_at'),
    /** Name and specialty folded (search_fold, migration 0014): the search box matches either as a substring. */
    searchLc: text('search_lc')
      .notNull()
      .generatedAlwaysAs(sql`search_fold(full_name || ' ' || specialty)`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('consultants_created_at_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('consultants_specialty_created_at_idx').on(t.specialty, t.createdAt.desc(), t.id.desc()),
    index('consultants_country_created_at_idx').on(t.country, t.createdAt.desc(), t.id.desc()),
    index('consultants_search_lc_trgm_idx').using('gin', t.searchLc.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/** A contact request, filed under the consultant contacted (by their user id) and naming who asked. */
export const clientRequests = pgTable(
  'client_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consultantId: text('consultant_id')
      .notNull()
      .references(() => consultants.userId, { onDelete: 'cascade' }),
    senderId: text('sender_id').references(() => user.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('client_requests_created_at_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('client_requests_consultant_created_at_idx').on(t.consultantId, t.createdAt.desc(), t.id.desc()),
    // "Has this person asked this consultant?" decides who may review.
    index('client_requests_sender_consultant_idx').on(t.senderId, t.consultantId),
  ],
);

export const consultantReviews = pgTable(
  'consultant_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    consultantId: text('consultant_id')
      .notNull()
      .references(() => consultants.userId, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('consultant_reviews_consultant_author_key').on(t.consultantId, t.authorId),
    index('consultant_reviews_consultant_created_at_idx').on(t.consultantId, t.createdAt.desc(), t.id.desc()),
    check('consultant_reviews_rating_check', sql`${t.rating} between 1 and 5`),
  ],
);
