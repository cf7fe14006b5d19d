import { sql, type SQL } from 'drizzle-orm';
import {
  COMPANY_ROLES,
  searchFold,
  type Company,
  type CompanyListQuery,
  type CompanyMember,
  type CompanyPage,
  type CompanyRole,
  type CompanySummary,
} from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { inCompany } from '../../lib/company-access';
import { freeSlug } from '../../lib/companies';
import { containsPattern } from '../../lib/job-list-query';
import { isUuid } from '../../lib/ids';
import { rowsOf } from '../../lib/keyset';

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
}

const COLUMNS = (viewer: Viewer | null) => sql`c.id, c.slug, c.name, c.about, c.website, c.size_band as "sizeBand", c.industry, c.country,
  c.hires_in as "hiresIn", c.founded_year as "foundedYear", c.logo_url as "logoUrl", c.verified_at is not null as verified,
  c.open_jobs as "openJobs", c.suspended_at is not null as suspended,
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
  // Follow counts arrive with follows (issue 44); shown to the company's own team only.
  followers: null,
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
