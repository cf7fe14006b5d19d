import { sql } from 'drizzle-orm';
import type { Review, ReviewPage, reviewInput } from '@caribconnect/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { afterCursor, decodeCursor, isoText, rowsOf, toPage } from '../../lib/keyset';

type ReviewInput = z.output<typeof reviewInput>;

interface ReviewRow {
  id: string;
  authorId: string;
  authorName: string | null;
  rating: number;
  comment: string;
  createdAt: string;
  updatedAt: string;
}

const COLUMNS = sql.raw(
  `r.id, r.author_id as "authorId", p.full_name as "authorName", r.rating, r.comment, ` +
    `${isoText('r.created_at')} as "createdAt", ${isoText('r.updated_at')} as "updatedAt"`,
);

const toReview = (row: ReviewRow): Review => ({
  id: row.id,
  authorId: row.authorId,
  authorName: row.authorName ?? '',
  rating: Number(row.rating),
  comment: row.comment,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** A consultant's reviews, newest first. */
export async function listReviews(db: Db, consultantId: string, cursor: string | undefined, limit: number): Promise<ReviewPage> {
  const rows = await rowsOf<ReviewRow>(
    db.execute(sql`select ${COLUMNS} from consultant_reviews r left join profiles p on p.id = r.author_id
      where r.consultant_id = ${consultantId} and ${afterCursor('r', decodeCursor(cursor))}
      order by r.created_at desc nulls last, r.id desc nulls last
      limit ${limit + 1}`),
  );
  return toPage(rows, limit, toReview);
}

export async function getMyReview(db: Db, consultantId: string, authorId: string): Promise<Review | null> {
  const [row] = await rowsOf<ReviewRow>(
    db.execute(sql`select ${COLUMNS} from consultant_reviews r left join profiles p on p.id = r.author_id
      where r.consultant_id = ${consultantId} and r.author_id = ${authorId}`),
  );
  return row ? toReview(row) : null;
}

/**
 * One review per person per consultant (a unique index), only by someone who sent them a request,
 * never by the consultant. The consultant's rating and count follow through the table's trigger.
 */
export async function createReview(db: Db, consultantId: string, authorId: string, input: ReviewInput): Promise<Review> {
  const [target] = await rowsOf<{ one: number }>(db.execute(sql`select 1 as one from consultants where user_id = ${consultantId}`));
  if (!target) throw notFound('Consultant not found.', 'CONSULTANT_NOT_FOUND');
  if (consultantId === authorId) throw forbidden('You cannot review yourself.', 'CANNOT_REVIEW_SELF');
  try {
    const [row] = await rowsOf<{ id: string }>(
      db.execute(sql`insert into consultant_reviews (consultant_id, author_id, rating, comment)
        select ${consultantId}, ${authorId}, ${input.rating}, ${input.comment}
        where exists (select 1 from client_requests where sender_id = ${authorId} and consultant_id = ${consultantId})
        returning id`),
    );
    if (!row) throw forbidden('You can review a consultant after sending them a request.', 'REVIEW_NEEDS_REQUEST');
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('You have already reviewed this consultant. You can edit your review.', 'REVIEW_EXISTS');
    throw err;
  }
  return (await getMyReview(db, consultantId, authorId))!;
}

/** The author's own review only: the WHERE names them, so nobody else's review can change. */
export async function updateMyReview(db: Db, consultantId: string, authorId: string, input: ReviewInput): Promise<Review> {
  const [row] = await rowsOf<{ id: string }>(
    db.execute(sql`update consultant_reviews set rating = ${input.rating}, comment = ${input.comment}, updated_at = now()
      where consultant_id = ${consultantId} and author_id = ${authorId} returning id`),
  );
  if (!row) throw notFound('Review not found.', 'REVIEW_NOT_FOUND');
  return (await getMyReview(db, consultantId, authorId))!;
}
