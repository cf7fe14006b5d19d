import { inArray, sql, type SQL } from 'drizzle-orm';
import { smallPhotoKey } from '../../lib/consultant-photos';
import {
  ALL_COUNTRIES_OPTION,
  ALL_SPECIALTIES_OPTION,
  BECOMES_CONSULTANT,
  searchFold,
  type ConsultantCard,
  type ConsultantDetail,
  type ConsultantPage,
  type MyConsultant,
  type consultantInput,
} from '@caribconnect/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { consultants } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { afterCursor, decodeCursor, isoText, rowsOf, toPage } from '../../lib/keyset';
import { visibleTo } from '../../lib/moderation';
import { getMyReview } from './reviews-service';

export const CONSULTANT_NOT_FOUND = () => notFound('Consultant not found.', 'CONSULTANT_NOT_FOUND');

/** Bios on directory cards are cut to this many characters; the profile shows the whole text. */
const CARD_BIO_CHARS = 300;

type Viewer = { id: string; isAdmin: boolean } | null;

interface CardRow {
  id: string;
  userId: string;
  fullName: string;
  email: string;
  phone: string;
  country: string;
  specialty: string;
  contactInfo: string;
  bio: string;
  truncated?: boolean;
  photoKey: string | null;
  rating: string | number;
  reviewCount: number;
  createdAt: string;
}

const columns = (bioChars?: number) =>
  sql.raw(
    `c.id, c.user_id as "userId", c.full_name as "fullName", c.email, c.phone, c.country, c.specialty, ` +
      `c.contact_info as "contactInfo", c.photo_key as "photoKey", c.rating, c.review_count as "reviewCount", ` +
      `${isoText('c.created_at')} as "createdAt", ` +
      (bioChars ? `left(c.bio, ${bioChars}) as bio, length(c.bio) > ${bioChars} as truncated` : 'c.bio'),
  );

export const photoUrl = (key: string | null) => (key ? `/api/files/${key}` : null);

function toCard(row: CardRow, viewer: Viewer): ConsultantCard {
  // Email and phone are for members, as on profiles (docs/decisions/0006); the contact info is the
  // line a consultant writes to be reached by anyone.
  const member = viewer !== null;
  return {
    userId: row.userId,
    fullName: row.fullName,
    email: member ? row.email : '',
    phone: member ? row.phone : '',
    country: row.country,
    specialty: row.specialty,
    contactInfo: row.contactInfo,
    bio: row.truncated ? `${row.bio.trimEnd()}…` : row.bio,
    photoUrl: photoUrl(row.photoKey),
    photoSmallUrl: photoUrl(row.photoKey && smallPhotoKey(row.photoKey)),
    rating: Number(row.rating),
    reviewCount: Number(row.reviewCount),
    createdAt: row.createdAt,
  };
}

/** The term as a LIKE pattern matching it anywhere, with %, _ and \ taken literally. */
const contains = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ConsultantFilters {
  q?: string;
  specialty?: string;
  country?: string;
  cursor?: string;
  limit: number;
}

/**
 * Both directories: newest first, keyset-paginated. Specialty and country are exact (each has its
 * own btree in list order); the search box is a substring of name or specialty, served by the
 * trigram index for terms of 3+ characters.
 */
/** A suspended or banned person's card is hidden until an admin reinstates them (spec section 4). */
const OWNER_IN_GOOD_STANDING = sql.raw(`not exists (select 1 from profiles o where o.id = c.user_id and o.role in ('suspended', 'banned'))`);
const OWNER_IN_GOOD_STANDING_OF = (userId: string) => sql`not exists (select 1 from profiles o where o.id = ${userId} and o.role in ('suspended', 'banned'))`;

export async function listConsultants(db: Db, input: ConsultantFilters, viewer: Viewer): Promise<ConsultantPage> {
  const where: SQL[] = [afterCursor('c', decodeCursor(input.cursor)), OWNER_IN_GOOD_STANDING, visibleTo(viewer, 'consultant', 'c.user_id', 'c.user_id')];
  // search_lc is search_fold(name and specialty): the term is folded the same way (accents, case, punctuation).
  const q = input.q ? searchFold(input.q.normalize('NFC')).trim() : '';
  if (q) where.push(sql`c.search_lc like ${contains(q)}`);
  if (input.specialty && input.specialty !== ALL_SPECIALTIES_OPTION) where.push(sql`c.specialty = ${input.specialty}`);
  if (input.country && input.country !== ALL_COUNTRIES_OPTION) where.push(sql`c.country = ${input.country}`);
  const rows = await rowsOf<CardRow>(
    db.execute(sql`select ${columns(CARD_BIO_CHARS)} from consultants c
      where ${sql.join(where, sql` and `)}
      order by c.created_at desc nulls last, c.id desc nulls last
      limit ${input.limit + 1}`),
  );
  return toPage(rows, input.limit, (row) => toCard(row, viewer));
}

async function findRow(db: Db, userId: string): Promise<(CardRow & { requestsSeenAt: string | null }) | undefined> {
  const [row] = await rowsOf<CardRow & { requestsSeenAt: string | null }>(
    db.execute(sql`select ${columns()}, c.requests_seen_at as "requestsSeenAt" from consultants c where c.user_id = ${userId}`),
  );
  return row;
}

/** Anyone may read a consultant; the viewer block says whether they may contact and review. */
export async function getConsultant(db: Db, userId: string, viewer: Viewer): Promise<ConsultantDetail> {
  const row = await findRow(db, userId);
  if (!row) throw CONSULTANT_NOT_FOUND();
  const [locked] = await rowsOf<{ one: number }>(
    db.execute(sql`select 1 as one from profiles o where o.id = ${userId} and not ${OWNER_IN_GOOD_STANDING_OF(userId)}`),
  );
  if (locked && viewer?.id !== userId) throw CONSULTANT_NOT_FOUND();
  const [held] = await rowsOf<{ one: number }>(
    db.execute(sql`select 1 as one from consultants c where c.user_id = ${userId} and not ${visibleTo(viewer, 'consultant', 'c.user_id', 'c.user_id')}`),
  );
  if (held) throw CONSULTANT_NOT_FOUND();
  const isSelf = viewer?.id === userId;
  let hasRequested = false;
  let myReview = null;
  if (viewer && !isSelf) {
    const [asked] = await rowsOf<{ one: number }>(
      db.execute(sql`select 1 as one from client_requests where sender_id = ${viewer.id} and consultant_id = ${userId} limit 1`),
    );
    hasRequested = !!asked;
    myReview = await getMyReview(db, userId, viewer.id);
  }
  return { ...toCard(row, viewer), viewer: { isSelf, hasRequested, canReview: hasRequested && !isSelf && !myReview, myReview } };
}

/** Your own record and how many requests arrived since you last opened your client requests. */
/** Your own record, or null before you complete one ("none yet" is an answer, not an error). */
export async function getMyConsultant(db: Db, userId: string): Promise<MyConsultant | null> {
  const [row] = await rowsOf<CardRow & { newRequestCount: number }>(
    db.execute(sql`select ${columns()},
        (select count(*)::int from client_requests r
          where r.consultant_id = c.user_id and r.created_at > coalesce(c.requests_seen_at, '-infinity'::timestamptz)) as "newRequestCount"
      from consultants c where c.user_id = ${userId}`),
  );
  if (!row) return null;
  return { ...toCard(row, { id: userId, isAdmin: false }), newRequestCount: Number(row.newRequestCount) };
}

export interface SaveResult {
  consultant: MyConsultant;
  created: boolean;
  /** The photo the save replaced, to remove once the transaction has committed. */
  replacedPhotoKey: string | null;
}

/**
 * Creates or updates the caller's own record: the WHERE and the conflict target are the caller's
 * id, so nobody can name another record, and the email always comes from the account. A job seeker
 * who completes the profile becomes a consultant in the same transaction (docs/decisions/0015).
 */
export async function saveOwnConsultant(
  db: Db,
  owner: { id: string; email: string },
  input: z.output<typeof consultantInput>,
  photoKey: string | null,
): Promise<SaveResult> {
  const { created, replacedPhotoKey } = await db.transaction(async (tx) => {
    const [old] = await rowsOf<{ photoKey: string | null }>(
      tx.execute(sql`select photo_key as "photoKey" from consultants where user_id = ${owner.id} for update`),
    );
    const photo = photoKey ?? old?.photoKey ?? null;
    const [saved] = await rowsOf<{ inserted: boolean }>(
      tx.execute(sql`insert into consultants (user_id, full_name, email, phone, country, specialty, contact_info, bio, photo_key)
        values (${owner.id}, ${input.fullName}, ${owner.email}, ${input.phone}, ${input.country}, ${input.specialty}, ${input.contactInfo}, ${input.bio}, ${photo})
        on conflict (user_id) do update set
          full_name = excluded.full_name, email = excluded.email, phone = excluded.phone, country = excluded.country,
          specialty = excluded.specialty, contact_info = excluded.contact_info, bio = excluded.bio,
          photo_key = excluded.photo_key, updated_at = now()
        returning (xmax = 0) as inserted`),
    );
    if (saved!.inserted) {
      const becomes = sql.join(
        BECOMES_CONSULTANT.map((r) => sql`${r}`),
        sql`, `,
      );
      await tx.execute(sql`update profiles set
          role = case when role in (${becomes}) then 'consultant' else role end,
          full_name = case when full_name = '' then ${input.fullName} else full_name end,
          updated_at = now()
        where id = ${owner.id}`);
    }
    const replaced = old?.photoKey && photoKey && old.photoKey !== photoKey ? old.photoKey : null;
    return { created: saved!.inserted, replacedPhotoKey: replaced };
  });
  // Just saved, so it is there.
  return { consultant: (await getMyConsultant(db, owner.id))!, created, replacedPhotoKey };
}

/** For the file sweep: which of these keys a consultant's photo still is. */
export async function referencedPhotoKeys(db: Db, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  // A small variant is referenced when its photo is.
  const photoOf = (key: string) => key.replace(/-small\.webp$/, '.webp');
  const rows = await db
    .select({ key: consultants.photoKey })
    .from(consultants)
    .where(inArray(consultants.photoKey, [...new Set(keys.map(photoOf))]));
  const referenced = new Set(rows.map((r) => r.key));
  return keys.filter((key) => referenced.has(photoOf(key)));
}
