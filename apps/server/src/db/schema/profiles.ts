import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LanguageCode } from '@caribconnect/shared';
import { user } from './auth';

/** One row per account (id = users.id), created in the sign-up transaction. */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    country: text('country').notNull().default(''),
    bio: text('bio').notNull().default(''),
    avatarUrl: text('avatar_url'),
    role: text('role').notNull(),
    /** The role held before an admin suspended, muted or banned the person: where a muted person's home is. */
    previousRole: text('previous_role'),
    email: text('email').notNull(),
    /** The language of their emails (decision 0043): set at sign-up from the page, changed by the switcher. */
    language: text('language').$type<LanguageCode>().notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('profiles_language_check', sql`${t.language} in ('en', 'es', 'fr', 'nl', 'ht', 'pap')`),
    index('profiles_role_idx').on(t.role),
    // Case-insensitive substring search by name (ILIKE '%term%', 3+ characters): user search, the directory, picking an applicant.
    index('profiles_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')).with({ fastupdate: false }),
    // The admin user search matches a substring of the email too (ILIKE).
    index('profiles_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('profiles_created_at_id_idx').on(t.createdAt.desc(), t.id.desc()),
    // The directory's order (lower(full_name), id), read a page at a time (decision 0045).
    index('profiles_lower_full_name_id_idx').on(sql`lower(${t.fullName})`, t.id),
  ],
);
