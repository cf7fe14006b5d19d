import { sql } from 'drizzle-orm';
import { companySlugBase } from '@caribconnect/shared';
import type { Db } from '../db/client';
import { rowsOf } from './keyset';
import { isUniqueViolation } from './db-errors';

/**
 * A free slug for `name`: its base (companySlugBase), else base-2, base-3…, never one any company
 * ever had (company_slugs keeps them all, so an old address never starts naming someone else).
 */
export async function freeSlug(db: Db, name: string): Promise<string> {
  const base = companySlugBase(name);
  const taken = await rowsOf<{ slug: string }>(
    db.execute(sql`select slug from company_slugs where slug = ${base} or (slug like ${`${base}-%`} and substr(slug, ${base.length + 2}) ~ '^[0-9]+$')`),
  );
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Makes a new company named `name` with `ownerId` as its owner (an employer's sign-up). A slug
 * taken by a concurrent sign-up between the look-up and the insert is looked up again.
 */
export async function createCompany(db: Db, ownerId: string, name: string, fields: { country?: string } = {}): Promise<{ id: string; slug: string }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const slug = await freeSlug(tx, name);
        const [row] = await rowsOf<{ id: string }>(
          tx.execute(sql`insert into companies (name, slug, country) values (${name}, ${slug}, ${fields.country ?? ''}) returning id`),
        );
        await tx.execute(sql`insert into company_slugs (slug, company_id) values (${slug}, ${row!.id})`);
        await tx.execute(sql`insert into company_members (user_id, company_id, role) values (${ownerId}, ${row!.id}, 'owner')`);
        return { id: row!.id, slug };
      });
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/**
 * The id of the company behind a slug (current or old) that `viewer` may see: not suspended, or the
 * viewer is its member or an admin. Null when there is none.
 */
export async function visibleCompanyBySlug(db: Db, slug: string, viewer: { id: string; isAdmin: boolean } | null): Promise<string | null> {
  const [row] = await rowsOf<{ id: string }>(
    db.execute(sql`select c.id from company_slugs s join companies c on c.id = s.company_id
      where s.slug = ${slug.toLowerCase()} and (c.suspended_at is null or ${viewer?.isAdmin ?? false}
        or exists (select 1 from company_members cm where cm.company_id = c.id and cm.user_id = ${viewer?.id ?? null}))`),
  );
  return row?.id ?? null;
}
