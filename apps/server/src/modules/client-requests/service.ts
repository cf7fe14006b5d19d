import { sql, type SQL } from 'drizzle-orm';
import type { ClientRequest, ClientRequestPage, contactRequestInput } from '@caribconnect/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-error';
import { afterCursor, decodeCursor, isoText, rowsOf, toPage, type Keyset } from '../../lib/keyset';

type ContactInput = z.output<typeof contactRequestInput>;

type Row = Keyset & Omit<ClientRequest, 'createdAt'>;

const COLUMNS = sql.raw(
  `r.id, r.full_name as "fullName", r.email, r.phone, r.message, ${isoText('r.created_at')} as "createdAt", ` +
    `r.consultant_id as "consultantId", c.full_name as "consultantName"`,
);

const toRequest = (row: Row): ClientRequest => ({
  id: row.id,
  fullName: row.fullName,
  email: row.email,
  phone: row.phone,
  message: row.message,
  createdAt: row.createdAt,
  consultantId: row.consultantId,
  consultantName: row.consultantName ?? '',
});

export interface NewRequest {
  id: string;
  /** Where to tell the consultant about it. */
  consultantEmail: string;
  consultantName: string;
}

/**
 * Files a request under the consultant contacted (not under the sender, as the original did) and
 * records who sent it. The consultant must exist; nobody sends one to themselves.
 */
export async function sendRequest(db: Db, consultantId: string, senderId: string, input: ContactInput): Promise<NewRequest> {
  if (consultantId === senderId) throw badRequest('You cannot send a request to yourself.', 'CANNOT_CONTACT_SELF');
  const [row] = await rowsOf<NewRequest>(
    db.execute(sql`insert into client_requests (consultant_id, sender_id, full_name, email, phone, message)
      select c.user_id, ${senderId}, ${input.fullName}, ${input.email}, ${input.phone}, ${input.message}
        from consultants c where c.user_id = ${consultantId}
      returning id, (select email from consultants where user_id = ${consultantId}) as "consultantEmail",
        (select full_name from consultants where user_id = ${consultantId}) as "consultantName"`),
  );
  if (!row) throw notFound('Consultant not found.', 'CONSULTANT_NOT_FOUND');
  return row;
}

async function list(db: Db, where: SQL, cursor: string | undefined, limit: number): Promise<ClientRequestPage> {
  const rows = await rowsOf<Row>(
    db.execute(sql`select ${COLUMNS} from client_requests r left join consultants c on c.user_id = r.consultant_id
      where ${where} and ${afterCursor('r', decodeCursor(cursor))}
      order by r.created_at desc nulls last, r.id desc nulls last
      limit ${limit + 1}`),
  );
  return toPage(rows, limit, toRequest);
}

/** A consultant's own requests: the WHERE is the caller's id, so nobody reads another's. */
export const listMyRequests = (db: Db, consultantId: string, cursor: string | undefined, limit: number) =>
  list(db, sql`r.consultant_id = ${consultantId}`, cursor, limit);

/** Every request (admins). */
export const listAllRequests = (db: Db, cursor: string | undefined, limit: number) => list(db, sql`true`, cursor, limit);

/**
 * Marks requests up to `until` (the newest one the consultant has been shown) as seen: the dashboard
 * counts only newer ones. Never moves backwards, never past now, and a request that arrived after
 * the list was loaded stays new.
 */
export async function markRequestsSeen(db: Db, consultantId: string, until: string): Promise<void> {
  await db.execute(sql`update consultants
    set requests_seen_at = greatest(coalesce(requests_seen_at, '-infinity'::timestamptz), least(${until}::timestamptz, now()))
    where user_id = ${consultantId}`);
}
