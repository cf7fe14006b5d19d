import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adFilesOfUser } from './ad-files';
import { smallPhotoKey } from './consultant-photos';
import { rowsOf } from './keyset';

type Reader = Pick<Db, 'execute'>;

/**
 * Every stored file a person owns, across domains, for deleting their account: their avatar, their
 * own application documents and those sent to their jobs (which go with the jobs), their resume
 * uploads and generated PDF, and their consultant photo, and their ads' pictures and videos. It lives here, not in a module, because it
 * reads several domains' tables; a domain with files of its own adds a query below.
 */
export async function filesOfUser(db: Reader, userId: string): Promise<string[]> {
  const rows = await rowsOf<{ key: string | null }>(
    db.execute(sql`
      select substring(avatar_url from '/api/files/(avatars/[^?]+)') as key from profiles where id = ${userId}
      union all select resume_key from applications where user_id = ${userId}
      union all select cover_letter_key from applications where user_id = ${userId}
      union all select a.resume_key from applications a join jobs j on j.id = a.job_id where j.user_id = ${userId}
      union all select a.cover_letter_key from applications a join jobs j on j.id = a.job_id where j.user_id = ${userId}
      union all select file_key from resumes where user_id = ${userId}
      union all select generated_key from resumes where user_id = ${userId}
      union all select photo_key from consultants where user_id = ${userId}`),
  );
  const ads = await adFilesOfUser(db as Db, userId);
  // A consultant photo has a small variant beside it (lib/consultant-photos.ts).
  const photos = rows.flatMap((r) => (r.key?.startsWith('consultants/') ? [smallPhotoKey(r.key)] : []));
  return [...new Set([...rows.map((r) => r.key), ...photos, ...ads].filter((k): k is string => !!k))];
}
