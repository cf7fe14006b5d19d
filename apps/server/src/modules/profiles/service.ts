import { eq, inArray } from 'drizzle-orm';
import type { Profile, UpdateProfileBody } from '@caribconnect/shared';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { contentTypeForKey } from '../../lib/storage/file-types';
import type { Storage } from '../../lib/storage/storage';
import { notFound } from '../../lib/http-error';

type Viewer = { id: string } | null;

function toProfile(row: typeof profiles.$inferSelect, viewer: Viewer): Profile {
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
    specialty: null,
  };
}

export async function getProfile(db: Db, userId: string, viewer: Viewer): Promise<Profile> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (!row) throw notFound('Profile not found.');
  return toProfile(row, viewer);
}

/** The WHERE on the caller's own id is the ownership check: nobody can name another profile here. */
export async function updateOwnProfile(db: Db, userId: string, changes: UpdateProfileBody): Promise<Profile> {
  const [row] = await db
    .update(profiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning();
  if (!row) throw notFound('Profile not found.');
  return toProfile(row, { id: userId });
}

export async function setOwnAvatar(db: Db, storage: Storage, userId: string, file: { data: Buffer; ext: string }) {
  const [current] = await db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId));
  if (!current) throw notFound('Profile not found.');
  const key = `avatars/${userId}.${file.ext}`;
  await storage.put(key, file.data, contentTypeForKey(key));
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
