import { sql, type SQL } from 'drizzle-orm';
import {
  COMPANY_ROLES,
  holdsAdminRole,
  type CompanyInvitation,
  searchFold,
  type Company,
  type CompanyListQuery,
  type CompanyMember,
  type CompanyPage,
  type CompanyRole,
  type CompanySummary,
  type AdminCompany,
} from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { inCompany } from '../../lib/company-access';
import { freeSlug } from '../../lib/companies';
import { containsPattern } from '../../lib/job-list-query';
import { isUuid } from '../../lib/ids';
import { isoText, rowsOf } from '../../lib/keyset';

export const COMPANY_NOT_FOUND = 'Company not found.';
export const MEMBER_NOT_FOUND = 'Team member not found.';
export const LAST_OWNER = 'A company needs at least one owner: make someone else an owner first.';
export const OWNER_ONLY = 'Only the company’s owners can do that.';
export const NOT_A_MEMBER = 'Your account does not belong to a company.';

interface Viewer {
  id: string;
  isAdmin: boolean;
}

interface CompanyRow {
  id: string;
  slug: string;
  name: string;
  about: string;
  website: string;
  sizeBand: string | null;
  industry: string | null;
  country: string;
  hiresIn: string[];
  foundedYear: number | null;
  logoUrl: string | null;
  verified: boolean;
  openJobs: number;
  suspended: boolean;
  myRole: CompanyRole | null;
  followers: number | null;
}

const COLUMNS = (viewer: Viewer | null) => sql`c.id, c.slug, c.name, c.about, c.website, c.size_band as "sizeBand", c.industry, c.country,
  c.hires_in as "hiresIn", c.founded_year as "foundedYear", c.logo_url as "logoUrl", c.verified_at is not null as verified,
  c.open_jobs as "openJobs", c.suspended_at is not null as suspended,
  ${
    viewer
      ? sql`case when exists (select 1 from company_members fm where fm.company_id = c.id and fm.user_id = ${viewer.id})
    then (select count(*)::int from company_follows f where f.company_id = c.id) end`
      : sql`null`
  } as followers,
  ${viewer ? sql`(select cm.role from company_members cm where cm.company_id = c.id and cm.user_id = ${viewer.id})` : sql`null`} as "myRole"`;

const toCompany = (r: CompanyRow): Company => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  about: r.about,
  website: r.website,
  sizeBand: r.sizeBand,
  industry: r.industry,
  country: r.country,
  hiresIn: r.hiresIn ?? [],
  foundedYear: r.foundedYear,
  logoUrl: r.logoUrl,
  verified: r.verified,
  openJobs: r.openJobs,
  myRole: r.myRole,
  // Shown to the company's own team only (null for everyone else).
  followers: r.followers ?? null,
});

/**
 * A company by any slug it ever had. `redirect` is the current slug when an old one was asked for
 * (the page answers 301). A suspended company is not found, except by its members and admins.
 */
export async function getCompanyBySlug(db: Db, slug: string, viewer: Viewer | null): Promise<{ company: Company; redirect: string | null }> {
  const [row] = await rowsOf<CompanyRow>(
    db.execute(sql`select ${COLUMNS(viewer)} from company_slugs s join companies c on c.id = s.company_id where s.slug = ${slug.toLowerCase()}`),
  );
  if (!row) throw notFound(COMPANY_NOT_FOUND, 'COMPANY_NOT_FOUND');
  if (row.suspended && !row.myRole && !viewer?.isAdmin) throw notFound(COMPANY_NOT_FOUND, 'COMPANY_NOT_FOUND');
  return { company: toCompany(row), redirect: row.slug === slug ? null : row.slug };
}

/** The company id behind a slug (current or old) that anyone may see, for its jobs list. */
export async function visibleCompanyId(db: Db, slug: string, viewer: Viewer | null): Promise<string> {
  return (await getCompanyBySlug(db, slug, viewer)).company.id;
}

/** The caller's own company, with their role; 404 NO_COMPANY when they belong to none. */
export async function getMyCompany(db: Db, viewer: Viewer): Promise<Company & { myRole: CompanyRole }> {
  const [row] = await rowsOf<CompanyRow>(
    db.execute(sql`select ${COLUMNS(viewer)} from company_members m join companies c on c.id = m.company_id where m.user_id = ${viewer.id}`),
  );
  if (!row || !row.myRole) throw notFound(NOT_A_MEMBER, 'NO_COMPANY');
  return toCompany(row) as Company & { myRole: CompanyRole };
}

/** Directory cursor: the last card's (open jobs, folded name, id). */
function encodeCompanyCursor(r: { openJobs: number; nameFold: string; id: string }) {
  return Buffer.from(JSON.stringify([r.openJobs, r.nameFold, r.id])).toString('base64url');
}
function decodeCompanyCursor(cursor: string | undefined): { openJobs: number; nameFold: string; id: string } | null {
  if (!cursor) return null;
  const invalid = () => badRequest('Invalid page cursor. Reload the list and try again.', 'INVALID_CURSOR');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  try {
    const [openJobs, nameFold, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (!Number.isInteger(openJobs) || typeof nameFold !== 'string' || typeof id !== 'string' || !isUuid(id)) throw invalid();
    return { openJobs: openJobs as number, nameFold, id };
  } catch {
    throw invalid();
  }
}

/**
 * The directory: companies that are not suspended, most open jobs first, then by name; the name
 * searched as jobs are (folded: case, accents, punctuation), the country and industry exact.
 */
export async function listCompanies(db: Db, query: CompanyListQuery & { limit: number }): Promise<CompanyPage> {
  const after = decodeCompanyCursor(query.cursor);
  const where: SQL[] = [sql`c.suspended_at is null`];
  const term = query.q ? searchFold(query.q.normalize('NFC')).trim() : '';
  // Every word of the term somewhere in the name, as the jobs' title search reads words (decision 0049).
  for (const word of term.split(/\s+/).filter(Boolean).slice(0, 8)) where.push(sql`c.name_fold like ${containsPattern(word)}`);
  if (query.country) where.push(sql`c.country = ${query.country}`);
  if (query.industry) where.push(sql`c.industry = ${query.industry}`);
  if (after)
    where.push(sql`(c.open_jobs < ${after.openJobs} or (c.open_jobs = ${after.openJobs} and (c.name_fold, c.id) > (${after.nameFold}, ${after.id}::uuid)))`);
  const rows = await rowsOf<CompanySummary & { nameFold: string }>(
    db.execute(sql`select c.id, c.slug, c.name, c.country, c.industry, c.logo_url as "logoUrl", c.verified_at is not null as verified,
        c.open_jobs as "openJobs", c.name_fold as "nameFold"
      from companies c where ${sql.join(where, sql` and `)}
      order by c.open_jobs desc, c.name_fold, c.id limit ${query.limit + 1}`),
  );
  const more = rows.length > query.limit;
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(({ nameFold: _n, ...r }) => r),
    nextCursor: more && last ? encodeCompanyCursor(last) : null,
  };
}

export interface CompanyChanges {
  name?: string;
  about?: string;
  website?: string;
  sizeBand?: string | null;
  industry?: string | null;
  country?: string;
  hiresIn?: string[];
  foundedYear?: number | null;
}

/**
 * The owner edits their company; the role check is in the UPDATE. A new name gives a new slug, and
 * the old one keeps answering with a 301 (company_slugs keeps every slug).
 */
export async function updateMyCompany(db: Db, viewer: Viewer, changes: CompanyChanges): Promise<Company & { myRole: CompanyRole }> {
  return db.transaction(async (tx) => {
    const [current] = await rowsOf<{ id: string; name: string; role: string }>(
      tx.execute(
        sql`select c.id, c.name, m.role from company_members m join companies c on c.id = m.company_id where m.user_id = ${viewer.id} for update of c`,
      ),
    );
    if (!current) throw notFound(NOT_A_MEMBER, 'NO_COMPANY');
    if (current.role !== 'owner') throw forbidden(OWNER_ONLY, 'COMPANY_OWNER_ONLY');
    const sets: SQL[] = [sql`updated_at = now()`];
    if (changes.name !== undefined && changes.name !== current.name) {
      sets.push(sql`name = ${changes.name}`);
      const slug = await freeSlug(tx, changes.name);
      // The same base (a change of case or accents) keeps the slug it has.
      const [same] = await rowsOf<{ one: number }>(tx.execute(sql`select 1 as one from company_slugs where slug = ${slug} and company_id = ${current.id}`));
      if (!same) {
        await tx.execute(sql`insert into company_slugs (slug, company_id) values (${slug}, ${current.id})`);
        sets.push(sql`slug = ${slug}`);
      }
    }
    if (changes.about !== undefined) sets.push(sql`about = ${changes.about}`);
    if (changes.website !== undefined) sets.push(sql`website = ${changes.website}`);
    if (changes.sizeBand !== undefined) sets.push(sql`size_band = ${changes.sizeBand}`);
    if (changes.industry !== undefined) sets.push(sql`industry = ${changes.industry}`);
    if (changes.country !== undefined) sets.push(sql`country = ${changes.country}`);
    if (changes.hiresIn !== undefined) sets.push(sql`hires_in = ${sql.param(changes.hiresIn)}::text[]`);
    if (changes.foundedYear !== undefined) sets.push(sql`founded_year = ${changes.foundedYear}`);
    await tx.execute(sql`update companies c set ${sql.join(sets, sql`, `)} where c.id = ${current.id} and ${inCompany(viewer, 'c.id', 'owner')}`);
    return getMyCompany(tx, viewer);
  });
}

/** The team of the caller's company (any member reads it), owners first. */
export async function listMembers(db: Db, viewer: Viewer): Promise<CompanyMember[]> {
  return rowsOf<CompanyMember>(
    db.execute(sql`select m.user_id as "userId", coalesce(p.full_name, '') as "fullName", coalesce(p.email, '') as email, m.role,
        to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt"
      from company_members m left join profiles p on p.id = m.user_id
      where ${inCompany(viewer, 'm.company_id', 'viewer')}
      order by array_position(${sql.param([...COMPANY_ROLES])}::text[], m.role), lower(coalesce(p.full_name, '')), m.user_id`),
  );
}

/**
 * An owner changes a member's role (making someone owner is how ownership is transferred). The
 * target must be in the caller's company and the caller its owner, both in the UPDATE; the last owner
 * is never demoted (the UPDATE requires another owner to remain).
 */
export async function setMemberRole(db: Db, viewer: Viewer, userId: string, role: CompanyRole): Promise<CompanyMember> {
  return db.transaction(async (tx) => {
    await lockTeam(tx, viewer);
    const changed = await rowsOf<{ userId: string }>(
      tx.execute(sql`update company_members m set role = ${role}
        where m.user_id = ${userId} and ${inCompany(viewer, 'm.company_id', 'owner')}
          and (${role} = 'owner' or m.role <> 'owner'
            or exists (select 1 from company_members o where o.company_id = m.company_id and o.role = 'owner' and o.user_id <> m.user_id))
        returning m.user_id as "userId"`),
    );
    if (!changed.length) await explainRefusal(tx, viewer, userId, 'role');
    return (await listMembers(tx, viewer)).find((m) => m.userId === userId)!;
  });
}

/**
 * An owner removes a member, or a member leaves (userId = themselves). The jobs they posted stay with
 * the company. The last owner cannot leave. The removed person's account stays, without a company:
 * their sessions keep working but reach nothing of it.
 */
export async function removeMember(db: Db, viewer: Viewer, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTeam(tx, viewer);
    const self = userId === viewer.id;
    const removed = await rowsOf<{ userId: string }>(
      tx.execute(sql`delete from company_members m
        where m.user_id = ${userId} and ${self ? sql`true` : inCompany(viewer, 'm.company_id', 'owner')}
          and (m.role <> 'owner' or exists (select 1 from company_members o where o.company_id = m.company_id and o.role = 'owner' and o.user_id <> m.user_id))
        returning m.user_id as "userId"`),
    );
    if (!removed.length) await explainRefusal(tx, viewer, userId, 'remove');
  });
}

/** Team changes of one company take turns (two owners demoting each other at once would leave none). */
async function lockTeam(tx: Db, viewer: Viewer) {
  await tx.execute(sql`select c.id from companies c join company_members m on m.company_id = c.id where m.user_id = ${viewer.id} for update of c`);
}

async function explainRefusal(tx: Db, viewer: Viewer, userId: string, action: 'role' | 'remove'): Promise<never> {
  const [row] = await rowsOf<{ mine: boolean; owner: boolean; targetOwner: boolean }>(
    tx.execute(sql`select ${inCompany(viewer, 'm.company_id', 'viewer')} as mine, ${inCompany(viewer, 'm.company_id', 'owner')} as owner,
        m.role = 'owner' as "targetOwner"
      from company_members m where m.user_id = ${userId}`),
  );
  if (!row?.mine) throw notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
  if (!row.owner && (action === 'role' || userId !== viewer.id)) throw forbidden(OWNER_ONLY, 'COMPANY_OWNER_ONLY');
  if (row.targetOwner) throw conflict(LAST_OWNER, 'LAST_OWNER');
  throw notFound(MEMBER_NOT_FOUND, 'MEMBER_NOT_FOUND');
}

export const INVITE_ADMIN = 'An administrator’s account cannot be invited to a company.';

/**
 * An owner invites someone by email with a role. The owner check is in the INSERT (nothing is written
 * for anyone else); an admin's address and a present member are refused. Returns the link's token,
 * which only the email carries, and the language to write it in (the invitee's when known, else the
 * inviter's).
 */
export async function createInvitation(
  db: Db,
  viewer: Viewer,
  input: { email: string; role: CompanyRole },
  token: { hash: string; expiresAt: Date },
): Promise<{ id: string; companyName: string; inviterName: string; language: string }> {
  const [target] = await rowsOf<{ role: string; member: boolean }>(
    db.execute(sql`select p.role, exists (select 1 from company_members m join company_members me on me.company_id = m.company_id
          where m.user_id = p.id and me.user_id = ${viewer.id}) as member
      from profiles p where lower(p.email) = ${input.email}`),
  );
  if (target && holdsAdminRole(target.role)) throw badRequest(INVITE_ADMIN, 'INVITE_ADMIN');
  if (target?.member) throw conflict('This person is already a member of your company.', 'ALREADY_MEMBER');
  const [row] = await rowsOf<{ id: string; companyName: string; inviterName: string; language: string }>(
    db.execute(sql`with i as (
        insert into company_invitations (company_id, email, role, token_hash, invited_by, expires_at)
        select m.company_id, ${input.email}, ${input.role}, ${token.hash}, ${viewer.id}, ${token.expiresAt.toISOString()}::timestamptz
        from company_members m where m.user_id = ${viewer.id} and m.role = 'owner'
        returning id, company_id)
      select i.id, c.name as "companyName", coalesce(nullif(me.full_name, ''), me.email) as "inviterName",
        coalesce((select p.language from profiles p where lower(p.email) = ${input.email}), me.language, 'en') as language
      from i join companies c on c.id = i.company_id join profiles me on me.id = ${viewer.id}`),
  );
  if (!row) {
    const [member] = await rowsOf<{ one: number }>(db.execute(sql`select 1 as one from company_members where user_id = ${viewer.id}`));
    if (!member) throw notFound(NOT_A_MEMBER, 'NO_COMPANY');
    throw forbidden(OWNER_ONLY, 'COMPANY_OWNER_ONLY');
  }
  return row;
}

/** The company's invitations, newest first (owners). */
export async function listInvitations(db: Db, viewer: Viewer): Promise<CompanyInvitation[]> {
  return rowsOf<CompanyInvitation>(
    db.execute(sql`select i.id, i.email, i.role, ${sql.raw(isoText('i.expires_at'))} as "expiresAt", ${sql.raw(isoText('i.created_at'))} as "createdAt",
        i.accepted_at is not null as accepted
      from company_invitations i where i.revoked_at is null and ${inCompany(viewer, 'i.company_id', 'owner')}
      order by i.created_at desc limit 100`),
  );
}

/** An owner withdraws an invitation not yet used: its link stops working. */
export async function revokeInvitation(db: Db, viewer: Viewer, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound('Invitation not found.', 'INVITATION_NOT_FOUND');
  const rows = await rowsOf<{ id: string }>(
    db.execute(sql`update company_invitations i set revoked_at = now()
      where i.id = ${id} and i.accepted_at is null and i.revoked_at is null and ${inCompany(viewer, 'i.company_id', 'owner')} returning i.id`),
  );
  if (!rows.length) throw notFound('Invitation not found.', 'INVITATION_NOT_FOUND');
}

/** A signed-in person follows a company they can see (email: their choice of an email for each new job). */
export async function followCompany(db: Db, viewer: Viewer, slug: string, email: boolean): Promise<{ following: boolean; email: boolean }> {
  const { company } = await getCompanyBySlug(db, slug, viewer);
  await db.execute(sql`insert into company_follows (user_id, company_id, email) values (${viewer.id}, ${company.id}, ${email})
    on conflict (user_id, company_id) do update set email = excluded.email`);
  return { following: true, email };
}

export async function unfollowCompany(db: Db, viewer: Viewer, slug: string): Promise<{ following: boolean; email: boolean }> {
  const { company } = await getCompanyBySlug(db, slug, viewer);
  await db.execute(sql`delete from company_follows where user_id = ${viewer.id} and company_id = ${company.id}`);
  return { following: false, email: false };
}

/** Whether the caller follows the company. */
export async function followState(db: Db, viewer: Viewer, slug: string): Promise<{ following: boolean; email: boolean }> {
  const { company } = await getCompanyBySlug(db, slug, viewer);
  const [row] = await rowsOf<{ email: boolean }>(
    db.execute(sql`select email from company_follows where user_id = ${viewer.id} and company_id = ${company.id}`),
  );
  return { following: !!row, email: row?.email ?? false };
}

/** An admin suspends a company (its page, card and jobs are hidden) or lifts it, and verifies it or not. */
export async function moderateCompany(db: Db, adminId: string, id: string, change: { suspended?: boolean; verified?: boolean }): Promise<Company> {
  if (!isUuid(id)) throw notFound(COMPANY_NOT_FOUND, 'COMPANY_NOT_FOUND');
  const sets: SQL[] = [sql`updated_at = now()`];
  if (change.suspended !== undefined) sets.push(change.suspended ? sql`suspended_at = coalesce(suspended_at, now())` : sql`suspended_at = null`);
  if (change.verified !== undefined)
    sets.push(change.verified ? sql`verified_at = coalesce(verified_at, now()), verified_by = ${adminId}` : sql`verified_at = null, verified_by = null`);
  const [row] = await rowsOf<CompanyRow>(
    db.execute(sql`with c as (update companies set ${sql.join(sets, sql`, `)} where id = ${id} returning *) select ${COLUMNS(null)} from c`),
  );
  if (!row) throw notFound(COMPANY_NOT_FOUND, 'COMPANY_NOT_FOUND');
  return toCompany(row);
}

/**
 * The admins' list of companies (suspended ones too), by folded name, each with its members (owners
 * first); searched by name as the directory is. Keyset on (name_fold, id).
 */
export async function listAdminCompanies(
  db: Db,
  query: { q?: string; cursor?: string; limit: number },
): Promise<{ items: AdminCompany[]; nextCursor: string | null }> {
  const where: SQL[] = [sql`true`];
  const term = query.q ? searchFold(query.q.normalize('NFC')).trim() : '';
  for (const word of term.split(/\s+/).filter(Boolean).slice(0, 8)) where.push(sql`c.name_fold like ${containsPattern(word)}`);
  const after = decodeNameCursor(query.cursor);
  if (after) where.push(sql`(c.name_fold, c.id) > (${after.nameFold}, ${after.id}::uuid)`);
  const rows = await rowsOf<AdminCompany & { nameFold: string }>(
    db.execute(sql`select c.id, c.slug, c.name, c.country, c.verified_at is not null as verified, c.suspended_at is not null as suspended,
        c.open_jobs as "openJobs", c.name_fold as "nameFold",
        coalesce((select json_agg(json_build_object('userId', m.user_id, 'fullName', coalesce(p.full_name, ''), 'email', coalesce(p.email, ''), 'role', m.role)
            order by array_position(${sql.param([...COMPANY_ROLES])}::text[], m.role), lower(coalesce(p.full_name, '')), m.user_id)
          from company_members m left join profiles p on p.id = m.user_id where m.company_id = c.id), '[]'::json) as members
      from companies c where ${sql.join(where, sql` and `)}
      order by c.name_fold, c.id limit ${query.limit + 1}`),
  );
  const more = rows.length > query.limit;
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(({ nameFold: _n, ...r }) => r),
    nextCursor: more && last ? Buffer.from(JSON.stringify([last.nameFold, last.id])).toString('base64url') : null,
  };
}

function decodeNameCursor(cursor: string | undefined): { nameFold: string; id: string } | null {
  if (!cursor) return null;
  const invalid = () => badRequest('Invalid page cursor. Reload the list and try again.', 'INVALID_CURSOR');
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  try {
    const [nameFold, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof nameFold !== 'string' || typeof id !== 'string' || !isUuid(id)) throw invalid();
    return { nameFold, id };
  } catch {
    throw invalid();
  }
}
