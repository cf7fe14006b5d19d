import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inCompany } from '../../lib/company-access';
import { forbidden, notFound } from '../../lib/http-error';
import { processImage, type ImageInput } from '../../lib/images';
import { rowsOf } from '../../lib/keyset';
import type { Storage } from '../../lib/storage/storage';
import { NOT_A_MEMBER, OWNER_ONLY } from './service';

/**
 * A company's logo, through the pictures' pipeline (lib/images: decoded by content, re-encoded to
 * WebP, metadata stripped, pixel-capped), fitted inside a 256 px square (2x the largest place it is
 * shown), under a content-hashed name in the public `logos` area.
 */
export const LOGO_SIZES = { logo: { width: 256, height: 256, fit: 'inside' as const } };

const LOGO_KEY = /^\/api\/files\/(logos\/[A-Za-z0-9_.-]+\.webp)$/;

/** The storage key behind a logo URL of the logos area (a logo taken from an avatar has none of its own). */
export const ownLogoKey = (logoUrl: string | null | undefined) => (logoUrl ? (LOGO_KEY.exec(logoUrl.split('?')[0]!)?.[1] ?? null) : null);

/**
 * The owner replaces the logo: the picture is checked and stored first, then the row changes only
 * where the caller is an owner of the company (in the UPDATE). A refused caller leaves a stored file
 * no row points to, which the file sweep removes. Returns the new URL and the replaced file's key.
 */
export async function setCompanyLogo(db: Db, storage: Storage, viewer: { id: string; isAdmin: boolean }, upload: ImageInput) {
  const [member] = await rowsOf<{ companyId: string; role: string }>(
    db.execute(sql`select company_id as "companyId", role from company_members where user_id = ${viewer.id}`),
  );
  if (!member) throw notFound(NOT_A_MEMBER, 'NO_COMPANY');
  if (member.role !== 'owner') throw forbidden(OWNER_ONLY, 'COMPANY_OWNER_ONLY');
  const { hash, variants } = await processImage(upload, LOGO_SIZES);
  const key = `logos/${member.companyId}-${hash}.webp`;
  await storage.put(key, variants.logo.data, variants.logo.contentType);
  const logoUrl = `/api/files/${key}`;
  const [row] = await rowsOf<{ old: string | null }>(
    db.execute(sql`update companies c set logo_url = ${logoUrl}, updated_at = now()
      from (select logo_url as old from companies where id = ${member.companyId}) o
      where c.id = ${member.companyId} and ${inCompany(viewer, 'c.id', 'owner')} returning o.old`),
  );
  if (!row) throw forbidden(OWNER_ONLY, 'COMPANY_OWNER_ONLY');
  const old = ownLogoKey(row.old);
  return { logoUrl, replaced: old && old !== key ? old : null };
}

/** For the file sweep: which of these logo keys a company still shows. */
export async function referencedLogoKeys(db: Db, keys: string[]): Promise<string[]> {
  if (!keys.length) return [];
  const urls = keys.map((k) => `/api/files/${k}`);
  const rows = await rowsOf<{ logoUrl: string }>(db.execute(sql`select logo_url as "logoUrl" from companies where logo_url = any(${sql.param(urls)}::text[])`));
  const used = new Set(rows.map((r) => r.logoUrl));
  return keys.filter((k) => used.has(`/api/files/${k}`));
}
