import { eq, inArray, sql } from 'drizzle-orm';
import type { Profile, UpdateProfileBody } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { consultants, profiles } from '../../db/schema';
import { contentTypeForKey } from '../../lib/storage/file-types';
import type { Storage } from '../../lib/storage/storage';
import { notFound } from '../../lib/http-error';
import { rowsOf } from '../../lib/keyset';
import { heldSql } from '../../lib/moderation';

type Viewer = { id: string; isAdmin: boolean } | null;

function toProfile(row: typeof profiles.$inferSelect, viewer: Viewer, specialty: string | null = null): Profile {
  // Contact details are for members: an anonymous visitor sees 'Log In to Connect' instead.
  const member = viewer !== null;
  return {
    id: row.id,
    fullName: row.fullName,
    phone: member ? row.phone : '',
    country: row.country,
    bio: row.bio,
    avatarUrl: row.avatarUrl,
    role: row.role,
    email: member ? row.email : '',
    specialty,
  };
}

/**
 * Spec: "loaded from profiles first and then from consultants": a consultant's record adds the
 * specialty line and fills what the profile leaves empty.
 */
export async function getProfile(db: Db, userId: string, viewer: Viewer): Promise<Profile> {
  const [found] = await db
    .select({ profile: profiles, consultant: consultants })
    .from(profiles)
    .leftJoin(consultants, eq(consultants.userId, profiles.id))
    .where(eq(profiles.id, userId));
  if (!found) throw notFound('Profile not found.', 'PROFILE_NOT_FOUND');
  // Held back by moderation: not found for everyone but the person and admins (a block does not hide a profile: it is where Unblock is).
  if (viewer?.id !== userId && !viewer?.isAdmin) {
    const [row] = await rowsOf<{ held: boolean }>(db.execute(sql`select ${heldSql('profile', userId)} as held`));
    if (row?.held) throw notFound('Profile not found.', 'PROFILE_NOT_FOUND');
  }
  const { profile: row, consultant: c } = found;
  if (!c) return toProfile(row, viewer);
  const or = (own: string, theirs: string) => (own.trim() ? own : theirs);
  return toProfile(
    {
      ...row,
      fullName: or(row.fullName, c.fullName),
      phone: or(row.phone, c.phone),
      country: or(row.country, c.country),
      bio: or(row.bio, c.bio),
      avatarUrl: row.avatarUrl ?? (c.photoKey ? `/api/files/${c.photoKey}` : null),
    },
    viewer,
    c.specialty,
  );
}

/** The WHERE on the caller's own id is the ownership check: nobody can name another profile here. */
export async function updateOwnProfile(db: Db, userId: string, changes: UpdateProfileBody): Promise<Profile> {
  const [row] = await db
    .update(profiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning();
  if (!row) throw notFound('Profile not found.', 'PROFILE_NOT_FOUND');
  return toProfile(row, { id: userId, isAdmin: false });
}

/** `file` is an upload spooled to disk (plugins/storage.ts), stored as sent. */
export async function setOwnAvatar(db: Db, storage: Storage, userId: string, file: { path: string; ext: string }) {
  const [current] = await db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId));
  if (!current) throw notFound('Profile not found.', 'PROFILE_NOT_FOUND');
  const key = `avatars/${userId}.${file.ext}`;
  await storage.putFile(key, file.path, contentTypeForKey(key));
  // The spec overwrites avatars/{userId}.{ext}; a different extension leaves an old file to remove.
  const oldKey = current.avatarUrl?.match(/\/api\/files\/(avatars\/[^?]+)/)?.[1];
  if (oldKey && oldKey !== key) await storage.delete(oldKey);
  const avatarUrl = `/api/files/${key}?v=${Date.now()}`;
  await db.update(profiles).set({ avatarUrl, updatedAt: new Date() }).where(eq(profiles.id, userId));
  return avatarUrl;
}

/**
 * For the file sweep: which of these avatar keys a profile still points to. Keys are
 * avatars/{userId}.{ext}, so the lookup goes by primary key.
 */
export async function referencedAvatarKeys(db: Db, keys: string[]): Promise<string[]> {
  const ids = [...new Set(keys.map((key) => key.match(/^avatars\/([^/]+)\.[a-z0-9]+$/)?.[1]).filter((id): id is string => Boolean(id)))];
  if (!ids.length) return [];
  const rows = await db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(inArray(profiles.id, ids));
  const urls = new Set(rows.map((r) => r.avatarUrl?.split('?')[0]));
  return keys.filter((key) => urls.has(`/api/files/${key}`));
}
