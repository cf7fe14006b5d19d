import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { CompanyRole } from '@caribconnect/shared';
import type { Db } from '../db/client';
import { conflict, forbidden, HttpError, notFound } from './http-error';
import { rowsOf } from './keyset';

/** How long an invitation's link works (issue 44). */
export const INVITATION_DAYS = 7;

export const INVITATION_NOT_FOUND = 'This invitation link is not valid.';
export const INVITATION_USED = 'This invitation has already been used.';
export const INVITATION_EXPIRED = 'This invitation has expired. Ask the company for a new one.';
export const INVITATION_OTHER_EMAIL = 'This invitation was sent to another email address.';
export const INVITEE_IN_TEAM = 'Your account belongs to a company with other members: leave it before joining another.';
export const INVITATION_EMPLOYERS_ONLY = 'Only employer accounts can join a company.';

/** A new link's token (sent once, in the email) and its hash (the only thing stored). */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface InvitationRow {
  id: string;
  companyId: string;
  companyName: string;
  companySlug: string;
  email: string;
  role: CompanyRole;
  expiresAt: string;
  used: boolean;
  expired: boolean;
}

/**
 * The invitation behind a link, refused as the issue lists: a tampered or revoked link is not found,
 * a used one and an expired one say so. `forUpdate` locks it for the accepting transaction.
 */
export async function findInvitation(db: Db, token: string, { forUpdate = false } = {}): Promise<InvitationRow> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound(INVITATION_NOT_FOUND, 'INVITATION_NOT_FOUND');
  const [row] = await rowsOf<InvitationRow>(
    db.execute(sql`select i.id, i.company_id as "companyId", c.name as "companyName", c.slug as "companySlug", i.email, i.role,
        to_char(i.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "expiresAt",
        i.accepted_at is not null as used, i.expires_at <= now() as expired
      from company_invitations i join companies c on c.id = i.company_id
      where i.token_hash = ${hashToken(token)} and i.revoked_at is null ${forUpdate ? sql`for update of i` : sql``}`),
  );
  if (!row) throw notFound(INVITATION_NOT_FOUND, 'INVITATION_NOT_FOUND');
  if (row.used) throw new HttpError(410, INVITATION_USED, 'INVITATION_USED');
  if (row.expired) throw new HttpError(410, INVITATION_EXPIRED, 'INVITATION_EXPIRED');
  return row;
}

/**
 * The signed-in person accepts: the invitation's address must be theirs, and they must be an employer
 * whose own company is theirs alone (it moves with its jobs into the inviting company, and goes).
 * One transaction; the invitation is locked, so a link used twice at once joins once.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  person: { id: string; email: string; role: string },
): Promise<{ companySlug: string; role: CompanyRole }> {
  return db.transaction(async (tx) => {
    const invitation = await findInvitation(tx, token, { forUpdate: true });
    if (invitation.email !== person.email.toLowerCase()) throw forbidden(INVITATION_OTHER_EMAIL, 'INVITATION_OTHER_EMAIL');
    if (person.role !== 'employer') throw forbidden(INVITATION_EMPLOYERS_ONLY, 'INVITATION_EMPLOYERS_ONLY');
    const [current] = await rowsOf<{ companyId: string; others: number }>(
      tx.execute(sql`select m.company_id as "companyId",
          (select count(*)::int from company_members o where o.company_id = m.company_id and o.user_id <> m.user_id) as others
        from company_members m where m.user_id = ${person.id} for update`),
    );
    if (current && current.companyId === invitation.companyId) throw conflict('You are already a member of this company.', 'ALREADY_MEMBER');
    if (current && current.others > 0) throw conflict(INVITEE_IN_TEAM, 'INVITEE_IN_TEAM');
    if (current) {
      // A one-person company moves in with its jobs; its slugs go with it (they named that company only).
      await tx.execute(sql`update jobs set company_id = ${invitation.companyId} where company_id = ${current.companyId}`);
      await tx.execute(sql`delete from company_members where user_id = ${person.id}`);
      await tx.execute(sql`delete from companies where id = ${current.companyId}`);
    }
    await tx.execute(sql`insert into company_members (user_id, company_id, role) values (${person.id}, ${invitation.companyId}, ${invitation.role})`);
    await tx.execute(sql`update company_invitations set accepted_at = now(), accepted_by = ${person.id} where id = ${invitation.id}`);
    return { companySlug: invitation.companySlug, role: invitation.role };
  });
}
